import type { Executor } from "../../db/database.ts";
import type { NewRow, RowUpdate } from "../../db/schema.ts";

/** The columns a driver sees of a vehicle (the contracts `vehicle`, before renaming id → uuid). */
const VEHICLE_COLUMNS = ["id", "plate", "state", "country", "brand", "model", "year", "color"] as const;

/** A driver's active vehicles, oldest first: the second (and last) query of `GET user/view`. */
export function listActiveVehiclesOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("vehicles")
    .select(VEHICLE_COLUMNS)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Every vehicle the driver ever registered, deleted ones included (the data export). */
export function listAllVehiclesOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("vehicles")
    .select([...VEHICLE_COLUMNS, "created_at", "updated_at", "deleted_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** One active vehicle, only if it belongs to this driver: another driver's vehicle is simply not found. */
export function findActiveVehicleOfUser(db: Executor, userId: string, vehicleId: string) {
  return db
    .selectFrom("vehicles")
    .select(VEHICLE_COLUMNS)
    .where("id", "=", vehicleId)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export async function insertVehicle(db: Executor, vehicle: NewRow<"vehicles">) {
  await db.insertInto("vehicles").values(vehicle).execute();
}

export function updateActiveVehicle(
  db: Executor,
  vehicleId: string,
  changes: Omit<RowUpdate<"vehicles">, "id" | "user_id" | "deleted_at">,
) {
  return db
    .updateTable("vehicles")
    .set(changes)
    .where("id", "=", vehicleId)
    .where("deleted_at", "is", null)
    .returning(VEHICLE_COLUMNS)
    .executeTakeFirst();
}

/** Soft delete: the row stays for history (visits, payments name it) and the plate becomes free. */
export async function softDeleteVehicle(db: Executor, vehicleId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("vehicles")
    .set({ deleted_at: at, updated_at: at })
    .where("id", "=", vehicleId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Account deletion: the plates go (a plate names its owner), from the vehicles and from the valet
 * tickets the driver claimed; the rows stay for the visits and payments that point at them.
 */
export async function erasePlatesOfUser(db: Executor, userId: string, at: string): Promise<void> {
  await db
    .updateTable("vehicles")
    .set({ plate: "", brand: null, model: null, color: null, year: null, deleted_at: at, updated_at: at })
    .where("user_id", "=", userId)
    .execute();
  await db.updateTable("valet_tickets").set({ plate: null, updated_at: at }).where("user_id", "=", userId).execute();
}
