import type { Country } from "@estaciona/contracts";
import { LIVE_SUBSCRIPTION_STATUSES } from "@estaciona/contracts/schemas/subscriptions";
import { type Executor, forUpdate } from "../../../db/database.ts";
import type { NewRow, Row, RowUpdate } from "../../../db/schema.ts";

export type SubscriptionRow = Row<"subscriptions">;
type SubscriptionStatus = SubscriptionRow["status"];

export async function insertSubscription(db: Executor, subscription: NewRow<"subscriptions">): Promise<void> {
  await db.insertInto("subscriptions").values(subscription).execute();
}

export function findSubscriptionById(db: Executor, subscriptionId: string) {
  return db.selectFrom("subscriptions").selectAll().where("id", "=", subscriptionId).executeTakeFirst();
}

/** A pass only if it belongs to this driver: another driver's pass is simply not found. */
export function findSubscriptionOfUser(db: Executor, userId: string, subscriptionId: string) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", subscriptionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export function lockSubscription(tx: Executor, subscriptionId: string) {
  return tx
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", subscriptionId)
    .$call(forUpdate(tx))
    .executeTakeFirst();
}

export function updateSubscriptionRow(db: Executor, subscriptionId: string, changes: RowUpdate<"subscriptions">) {
  return db
    .updateTable("subscriptions")
    .set(changes)
    .where("id", "=", subscriptionId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The pass holding a place for this vehicle at this location (at most one: the partial unique index). */
export function findLivePassOfVehicleAt(db: Executor, vehicleId: string, locationId: string) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("vehicle_id", "=", vehicleId)
    .where("location_id", "=", locationId)
    .where("status", "in", LIVE_SUBSCRIPTION_STATUSES)
    .executeTakeFirst();
}

/** Whether a vehicle or a driver (at a country's lots) has a pass still holding a place that was not cancelled. */
export async function hasUncanceledLivePass(
  db: Executor,
  owner: { vehicleId?: string; userId?: string; country?: Country },
): Promise<boolean> {
  let query = db
    .selectFrom("subscriptions")
    .innerJoin("locations", "locations.id", "subscriptions.location_id")
    .select("subscriptions.id")
    .where("subscriptions.status", "in", LIVE_SUBSCRIPTION_STATUSES)
    .where("subscriptions.cancel_at_period_end", "=", 0);
  if (owner.vehicleId) query = query.where("subscriptions.vehicle_id", "=", owner.vehicleId);
  if (owner.userId) query = query.where("subscriptions.user_id", "=", owner.userId);
  if (owner.country) query = query.where("locations.country", "=", owner.country);
  return (await query.executeTakeFirst()) !== undefined;
}

export function listSubscriptionsOfUser(db: Executor, userId: string, statuses?: readonly SubscriptionStatus[]) {
  let query = db.selectFrom("subscriptions").selectAll().where("user_id", "=", userId);
  if (statuses) query = query.where("status", "in", statuses);
  return query.orderBy("created_at", "desc").orderBy("id").execute();
}

/** Passes of a driver that a new card could pay now (their period failed or waits). */
export function listRecoverablePassesOfUser(db: Executor, userId: string, country: Country) {
  return db
    .selectFrom("subscriptions")
    .innerJoin("locations", "locations.id", "subscriptions.location_id")
    .select("subscriptions.id")
    .where("subscriptions.user_id", "=", userId)
    .where("locations.country", "=", country)
    .where("subscriptions.status", "in", ["past_due", "unpaid"])
    .execute();
}

/**
 * The driver's passes that still hold something: live (trial, active, renewing or owing) or
 * cancelled with a paid period not over yet; `until` is the end of the last paid period.
 */
export function listPassesHeldByUser(db: Executor, userId: string, now: string) {
  return db
    .selectFrom("subscriptions")
    .innerJoin("locations", "locations.id", "subscriptions.location_id")
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .select((eb) => [
      "subscriptions.id",
      "plans.name as plan_name",
      "locations.name as location_name",
      eb
        .selectFrom("subscription_periods")
        .select((p) => p.fn.max("subscription_periods.ends_at").as("until"))
        .whereRef("subscription_periods.subscription_id", "=", "subscriptions.id")
        .where("subscription_periods.status", "=", "paid")
        .as("until"),
    ])
    .where("subscriptions.user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb("subscriptions.status", "in", LIVE_SUBSCRIPTION_STATUSES),
        eb.exists(
          eb
            .selectFrom("subscription_periods")
            .select("subscription_periods.id")
            .whereRef("subscription_periods.subscription_id", "=", "subscriptions.id")
            .where("subscription_periods.status", "=", "paid")
            .where("subscription_periods.ends_at", ">", now),
        ),
      ]),
    )
    .execute();
}
