import type { Executor } from "../../db/database.ts";

/** Every query of the driver's places (docs/decisions/0241): their stars, and their last paid stays. */

/** The places the driver starred, newest star first. */
export function listFavouritesOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("favourite_places")
    .innerJoin("locations", "locations.id", "favourite_places.location_id")
    .select(["favourite_places.location_id", "locations.name as location_name", "favourite_places.created_at"])
    .where("favourite_places.user_id", "=", userId)
    .orderBy("favourite_places.created_at", "desc")
    .orderBy("favourite_places.location_id")
    .execute();
}

/** Stars a place; a second star of the same place is the first one. */
export async function addFavourite(db: Executor, userId: string, locationId: string, now: string): Promise<void> {
  await db
    .insertInto("favourite_places")
    .values({ user_id: userId, location_id: locationId, created_at: now })
    .onConflict((conflict) => conflict.columns(["user_id", "location_id"]).doNothing())
    .execute();
}

export async function removeFavourite(db: Executor, userId: string, locationId: string): Promise<void> {
  await db.deleteFrom("favourite_places").where("user_id", "=", userId).where("location_id", "=", locationId).execute();
}

/** Whether a lot or zone with this id exists, on any host. */
export async function placeExists(db: Executor, locationId: string): Promise<boolean> {
  return (await db.selectFrom("locations").select("id").where("id", "=", locationId).executeTakeFirst()) !== undefined;
}

/** The erasure on account deletion: the stars say where the driver parks. */
export async function eraseFavouritesOfUser(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom("favourite_places").where("user_id", "=", userId).execute();
}

export interface LastStay {
  location_id: string;
  at: string;
  vehicle_id: string | null;
  plate: string | null;
}

/**
 * The driver's latest paid lot stays and paid meter sessions, newest first, each with its vehicle
 * while the driver still has it. `limit` of each: enough to find a few distinct places.
 */
export async function listLastStaysOfUser(db: Executor, userId: string, limit: number): Promise<LastStay[]> {
  const visits = await db
    .selectFrom("visits")
    .leftJoin("vehicles", (join) =>
      join.onRef("vehicles.id", "=", "visits.vehicle_id").on("vehicles.deleted_at", "is", null),
    )
    .select(["visits.location_id", "visits.paid_at as at", "vehicles.id as vehicle_id", "vehicles.plate"])
    .where("visits.user_id", "=", userId)
    .where("visits.paid_at", "is not", null)
    .orderBy("visits.paid_at", "desc")
    .limit(limit)
    .execute();
  const sessions = await db
    .selectFrom("meter_sessions")
    .leftJoin("vehicles", (join) =>
      join.onRef("vehicles.id", "=", "meter_sessions.vehicle_id").on("vehicles.deleted_at", "is", null),
    )
    .select([
      "meter_sessions.location_id",
      "meter_sessions.started_at as at",
      "vehicles.id as vehicle_id",
      "vehicles.plate",
    ])
    // A session becomes active once its first purchase is paid; a cancelled one was never paid.
    .where("meter_sessions.user_id", "=", userId)
    .where("meter_sessions.status", "=", "active")
    .orderBy("meter_sessions.started_at", "desc")
    .limit(limit)
    .execute();
  return [...visits, ...sessions]
    .map((stay) => ({ ...stay, at: stay.at as string }))
    .sort((a, b) => b.at.localeCompare(a.at));
}
