import type { DriverDetail } from "@estaciona/contracts/schemas/operator";
import type { Db, Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { findUserById } from "../users/repository.ts";
import { recordAudit } from "./audit.ts";
import { fullName } from "./names.ts";
import { presentCharge } from "./payments.ts";
import {
  isCustomerAt,
  passesOfUserAt,
  searchDriversAt,
  setUserStatus,
  staysOfUserAt,
  vehiclesOfUser,
} from "./repository/drivers.ts";
import { searchCharges } from "./repository/payments.ts";
import { type OperatorScope, reachableLocationIds } from "./scope.ts";

/** The console's drivers: the customers of the caller's locations, found by phone or plate, read and suspended. */

export async function searchDrivers(db: Executor, scope: OperatorScope, q: string) {
  const ids = await reachableLocationIds(db, scope);
  const digits = q.replace(/\D/g, "");
  const search =
    /^[\d\s+()-]+$/.test(q) && digits.length >= 4
      ? { phoneDigits: digits }
      : { plate: q.replace(/[\s-]/g, "").toUpperCase() };
  const drivers = await searchDriversAt(db, ids, search);
  const vehicles = await vehiclesOfUser(
    db,
    drivers.map((driver) => driver.id),
  );
  return drivers.map((driver) => ({
    uuid: driver.id,
    phone: driver.phone,
    name: fullName(driver),
    status: driver.status,
    plates: vehicles.filter((vehicle) => vehicle.user_id === driver.id && !vehicle.deleted_at).map((v) => v.plate),
  }));
}

/** A driver the operator may see: a customer of one of its locations. Anyone else does not exist here. */
async function reachableDriver(db: Executor, ids: string[], userId: string) {
  const user = await findUserById(db, userId);
  if (!user || user.deleted_at !== null || !(await isCustomerAt(db, userId, ids)))
    throw new AppError("object_not_found");
  return user;
}

export async function driverDetail(db: Executor, scope: OperatorScope, userId: string): Promise<DriverDetail> {
  const ids = await reachableLocationIds(db, scope);
  const user = await reachableDriver(db, ids, userId);
  const [vehicles, stays, passes, payments] = await Promise.all([
    vehiclesOfUser(db, [user.id]),
    staysOfUserAt(db, user.id, ids),
    passesOfUserAt(db, user.id, ids),
    searchCharges(db, ids, { phoneDigits: user.phone.replace(/\D/g, "") }, 50),
  ]);
  return {
    uuid: user.id,
    phone: user.phone,
    name: fullName(user),
    status: user.status,
    email: user.email,
    created_at: user.created_at,
    plates: vehicles.filter((vehicle) => !vehicle.deleted_at).map((vehicle) => vehicle.plate),
    vehicles: vehicles.map((vehicle) => ({
      uuid: vehicle.id,
      plate: vehicle.plate,
      state: vehicle.state,
      deleted: vehicle.deleted_at !== null,
    })),
    stays: stays.map((stay) => ({
      uuid: stay.id,
      location: stay.location_name,
      status: stay.status,
      plate: stay.plate,
      entered_at: stay.entered_at,
      total: stay.total,
      currency: stay.currency,
    })),
    passes: passes.map((pass) => ({
      uuid: pass.id,
      plan: pass.plan_name,
      location: pass.location_name,
      plate: pass.plate,
      status: pass.status,
      cost: pass.cost,
      currency: pass.currency,
      created_at: pass.created_at,
      ended_at: pass.ended_at,
    })),
    payments: payments.filter((payment) => payment.user_id === user.id).map(presentCharge),
  };
}

/**
 * Suspends or restores a driver. The guard reads the account's status on every call, so the
 * next call anywhere answers `user_suspended`. An operator cannot suspend themself or another operator.
 */
export async function setDriverStatus(db: Db, scope: OperatorScope, userId: string, status: "active" | "suspended") {
  await db.transaction().execute(async (tx) => {
    const user = await reachableDriver(tx, await reachableLocationIds(tx, scope), userId);
    if (user.role !== "driver") throw new AppError("invalid_user");
    if (user.status === status) return;
    await setUserStatus(tx, user.id, status, nowIso());
    await recordAudit(tx, scope, {
      action: status === "suspended" ? "driver.suspend" : "driver.restore",
      subject: { type: "user", id: user.id },
      before: { status: user.status },
      after: { status },
    });
  });
  return driverDetail(db, scope, userId);
}
