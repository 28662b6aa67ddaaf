import type { ExpressionBuilder } from "kysely";
import type { Executor } from "../../../db/database.ts";
import type { Database } from "../../../db/schema.ts";
import { phoneEndsWith } from "./phone-ending.ts";

/** The console's queries of drivers who are customers of the caller's locations. */

/** Drivers who parked at one of the locations, by the end of their phone or a plate they used. */
export function searchDriversAt(db: Executor, locationIds: string[], search: { phoneDigits?: string; plate?: string }) {
  return db
    .selectFrom("users")
    .select(["users.id", "users.phone", "users.first_name", "users.last_name", "users.status"])
    .where("users.deleted_at", "is", null)
    .where((eb) => customerAt(eb, locationIds))
    .$if(search.phoneDigits !== undefined, (qb) => qb.where(phoneEndsWith(search.phoneDigits ?? "")))
    .$if(search.plate !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom("vehicles")
            .select("vehicles.id")
            .whereRef("vehicles.user_id", "=", "users.id")
            .where("vehicles.plate", "=", search.plate ?? ""),
        ),
      ),
    )
    .orderBy("users.phone")
    .limit(20)
    .execute();
}

/**
 * A driver is the organisation's customer once they parked, bought a pass, paid a meter, bought
 * event parking or left a car with the valet at one of its locations: the console may find them
 * and see what they did there, and nobody else.
 */
function customerAt(eb: ExpressionBuilder<Database, "users">, locationIds: string[]) {
  const at = locationIds.length ? locationIds : [""];
  return eb.or([
    eb.exists(
      eb
        .selectFrom("visits")
        .select("visits.id")
        .whereRef("visits.user_id", "=", "users.id")
        .where("visits.location_id", "in", at),
    ),
    eb.exists(
      eb
        .selectFrom("subscriptions")
        .select("subscriptions.id")
        .whereRef("subscriptions.user_id", "=", "users.id")
        .where("subscriptions.location_id", "in", at),
    ),
    eb.exists(
      eb
        .selectFrom("meter_sessions")
        .select("meter_sessions.id")
        .whereRef("meter_sessions.user_id", "=", "users.id")
        .where("meter_sessions.location_id", "in", at),
    ),
    eb.exists(
      eb
        .selectFrom("event_visits")
        .innerJoin("events", "events.id", "event_visits.event_id")
        .select("event_visits.id")
        .whereRef("event_visits.user_id", "=", "users.id")
        .where("events.location_id", "in", at),
    ),
    eb.exists(
      eb
        .selectFrom("valet_tickets")
        .select("valet_tickets.id")
        .whereRef("valet_tickets.user_id", "=", "users.id")
        .where("valet_tickets.location_id", "in", at),
    ),
  ]);
}

export async function isCustomerAt(db: Executor, userId: string, locationIds: string[]): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("users.id")
    .where("users.id", "=", userId)
    .where((eb) => customerAt(eb, locationIds))
    .executeTakeFirst();
  return row !== undefined;
}

/** The driver's passes at these locations, newest first. */
export function passesOfUserAt(db: Executor, userId: string, locationIds: string[]) {
  return db
    .selectFrom("subscriptions")
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .innerJoin("locations", "locations.id", "subscriptions.location_id")
    .innerJoin("vehicles", "vehicles.id", "subscriptions.vehicle_id")
    .select([
      "subscriptions.id",
      "subscriptions.status",
      "subscriptions.created_at",
      "subscriptions.ended_at",
      "plans.name as plan_name",
      "plans.cost",
      "plans.currency",
      "locations.name as location_name",
      "vehicles.plate",
    ])
    .where("subscriptions.user_id", "=", userId)
    .where("subscriptions.location_id", "in", locationIds.length ? locationIds : [""])
    .orderBy("subscriptions.created_at", "desc")
    .limit(50)
    .execute();
}

export function vehiclesOfUser(db: Executor, userIds: string[]) {
  return db
    .selectFrom("vehicles")
    .select(["id", "user_id", "plate", "state", "deleted_at"])
    .where("user_id", "in", userIds.length ? userIds : [""])
    .orderBy("created_at")
    .execute();
}

export function staysOfUserAt(db: Executor, userId: string, locationIds: string[]) {
  return db
    .selectFrom("visits")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .innerJoin("vehicles", "vehicles.id", "visits.vehicle_id")
    .select([
      "visits.id",
      "visits.status",
      "visits.entered_at",
      "visits.total",
      "visits.currency",
      "locations.name as location_name",
      "vehicles.plate",
    ])
    .where("visits.user_id", "=", userId)
    .where("visits.location_id", "in", locationIds.length ? locationIds : [""])
    .orderBy("visits.created_at", "desc")
    .limit(50)
    .execute();
}

export async function setUserStatus(db: Executor, userId: string, status: "active" | "suspended", at: string) {
  await db.updateTable("users").set({ status, updated_at: at }).where("id", "=", userId).execute();
}
