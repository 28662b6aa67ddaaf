import { findState } from "@estaciona/contracts";
import type { createVehicleBody, updateVehicleBody, Vehicle } from "@estaciona/contracts/schemas/user";
import type { z } from "zod";
import { type Executor, underUniqueRule } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { assertVehicleHasNoOpenVisit } from "../parking/visits/service.ts";
import { assertVehicleHasNoLivePass } from "../subscriptions/passes.ts";
import { lockActiveUser } from "../users/repository.ts";
import {
  findActiveVehicleOfUser,
  insertVehicle,
  listActiveVehiclesOfUser,
  softDeleteVehicle,
  updateActiveVehicle,
} from "./repository.ts";

export type NewVehicle = z.output<typeof createVehicleBody>;
export type VehicleChanges = z.output<typeof updateVehicleBody>;
type VehicleRow = Awaited<ReturnType<typeof listActiveVehiclesOfUser>>[number];

/** The row as the API shows it (contracts `vehicle`). */
export const toVehicle = (row: VehicleRow): Vehicle => ({
  uuid: row.id,
  plate: row.plate,
  state: row.state,
  country: row.country,
  brand: row.brand,
  model: row.model,
  year: row.year,
  color: row.color,
});

/** The driver's vehicles, each with why it cannot be deleted now (the deletion's own check, asked ahead). */
export async function listVehicles(db: Executor, userId: string): Promise<Vehicle[]> {
  const vehicles: Vehicle[] = [];
  for (const row of await listActiveVehiclesOfUser(db, userId)) {
    vehicles.push({ ...toVehicle(row), delete_refused: await deleteRefusal(db, row.id) });
  }
  return vehicles;
}

async function deleteRefusal(db: Executor, vehicleId: string): Promise<Vehicle["delete_refused"]> {
  try {
    await assertVehicleCanBeDeleted(db, vehicleId);
    return null;
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === "vehicle_with_active_visit" || error.code === "active_subscription")
    )
      return error.code;
    throw error;
  }
}

/** The schema already normalised the plate and the state; the state's list gives the country. */
function countryOf(stateName: string) {
  const state = findState(stateName);
  if (!state) throw new AppError("invalid_data", { detail: `unknown state ${stateName}` });
  return state.country;
}

/**
 * Registers a vehicle. A plate is on at most one active vehicle of one active account (docs/product/parking.md):
 * the partial unique index vehicles_plate_active decides, so two parallel adds of one plate give
 * one vehicle and one `vehicle_already_exist`, never a 500.
 */
export async function addVehicle(db: Executor, userId: string, input: NewVehicle): Promise<Vehicle> {
  const now = nowIso();
  const vehicle = {
    id: newId(),
    user_id: userId,
    plate: input.plate,
    state: input.state,
    country: countryOf(input.state),
    brand: input.brand,
    model: input.model,
    year: input.year,
    color: input.color,
    created_at: now,
    updated_at: now,
  };
  await underUniqueRule("vehicle_already_exist", () =>
    db.transaction().execute(async (tx) => {
      // An account being deleted in parallel must not end up with a live vehicle holding its plate.
      if (!(await lockActiveUser(tx, userId))) throw new AppError("authentication_error");
      await insertVehicle(tx, vehicle);
    }),
  );
  return toVehicle(vehicle);
}

export async function editVehicle(
  db: Executor,
  userId: string,
  vehicleId: string,
  changes: VehicleChanges,
): Promise<Vehicle> {
  const existing = await findActiveVehicleOfUser(db, userId, vehicleId);
  if (!existing) throw new AppError("vehicle_not_found");
  const updated = await underUniqueRule("vehicle_already_exist", () =>
    updateActiveVehicle(db, vehicleId, {
      ...changes,
      ...(changes.state === undefined ? {} : { country: countryOf(changes.state) }),
      updated_at: nowIso(),
    }),
  );
  if (!updated) throw new AppError("vehicle_not_found");
  return toVehicle(updated);
}

export async function deleteVehicle(db: Executor, userId: string, vehicleId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const existing = await findActiveVehicleOfUser(tx, userId, vehicleId);
    if (!existing) throw new AppError("vehicle_not_found");
    await assertVehicleCanBeDeleted(tx, vehicleId);
    if (!(await softDeleteVehicle(tx, vehicleId, nowIso()))) throw new AppError("vehicle_not_found");
  });
}

/**
 * The one place that decides whether a vehicle may be deleted, called inside the deleting
 * transaction. An open visit blocks it (`vehicle_with_active_visit`, docs/product/parking.md), and so does a
 * pass that still renews (`active_subscription`, docs/product/passes-and-promo-codes.md); the modules owning them answer.
 */
export async function assertVehicleCanBeDeleted(db: Executor, vehicleId: string): Promise<void> {
  await assertVehicleHasNoOpenVisit(db, vehicleId);
  await assertVehicleHasNoLivePass(db, vehicleId);
}
