import type { Country } from "@estaciona/contracts";
import { LIVE_SUBSCRIPTION_STATUSES } from "@estaciona/contracts/schemas/subscriptions";
import { type Executor, forUpdate } from "../../db/database.ts";
import type { NewRow, Row, RowUpdate } from "../../db/schema.ts";

export type PlanRow = Row<"plans">;
export type SubscriptionRow = Row<"subscriptions">;
export type PeriodRow = Row<"subscription_periods">;
export type DiscountRow = Row<"discounts">;
type SubscriptionStatus = SubscriptionRow["status"];

/** The ledger's payable type of a pass's period: each period is charged at most once. */
export const PERIOD_PAYABLE = "subscription_period";

// Plans

export function findPlanById(db: Executor, planId: string) {
  return db.selectFrom("plans").selectAll().where("id", "=", planId).executeTakeFirst();
}

/** Active plans at active locations, by country or by locations, cheapest first within a location. */
export function listActivePlans(db: Executor, filter: { country?: Country; locationIds?: string[] }) {
  let query = db
    .selectFrom("plans")
    .innerJoin("locations", "locations.id", "plans.location_id")
    .selectAll("plans")
    .where("plans.status", "=", "active")
    .where("locations.active", "=", 1);
  if (filter.country) query = query.where("locations.country", "=", filter.country);
  if (filter.locationIds) {
    if (filter.locationIds.length === 0) return Promise.resolve([]);
    query = query.where("locations.id", "in", filter.locationIds);
  }
  return query.orderBy("locations.name").orderBy("plans.cost").orderBy("plans.id").execute();
}

export async function insertPlan(db: Executor, plan: NewRow<"plans">): Promise<void> {
  await db.insertInto("plans").values(plan).execute();
}

export function updatePlanRow(db: Executor, planId: string, changes: RowUpdate<"plans">) {
  return db.updateTable("plans").set(changes).where("id", "=", planId).returningAll().executeTakeFirstOrThrow();
}

/** Passes holding a place, per plan. */
export async function countLivePassesByPlan(db: Executor, planIds: string[]): Promise<Map<string, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("subscriptions")
    .select(["plan_id", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("plan_id", "in", planIds)
    .where("status", "in", LIVE_SUBSCRIPTION_STATUSES)
    .groupBy("plan_id")
    .execute();
  return new Map(rows.map((row) => [row.plan_id, Number(row.count)]));
}

/** Keyset position of the console's lists: the last row's (created_at, id), newest first. */
type Before = { createdAt: string; id: string } | undefined;

/**
 * The plans of an organisation's locations (all of them, or only `locationIds`), newest first,
 * with their location's name; `limit` rows after `before`.
 */
export function listPlansOfOrganisation(
  db: Executor,
  filter: {
    organisationId: string;
    locationIds: string[] | null;
    locationId?: string | undefined;
    status?: PlanRow["status"] | undefined;
    before: Before;
    limit: number;
  },
) {
  const { before } = filter;
  return db
    .selectFrom("plans")
    .innerJoin("locations", "locations.id", "plans.location_id")
    .selectAll("plans")
    .where("locations.organisation_id", "=", filter.organisationId)
    .$if(filter.locationIds !== null, (qb) =>
      qb.where("plans.location_id", "in", filter.locationIds?.length ? filter.locationIds : [""]),
    )
    .$if(filter.locationId !== undefined, (qb) => qb.where("plans.location_id", "=", filter.locationId ?? ""))
    .$if(filter.status !== undefined, (qb) => qb.where("plans.status", "=", filter.status ?? "active"))
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("plans.created_at", "<", before?.createdAt ?? ""),
          eb.and([eb("plans.created_at", "=", before?.createdAt ?? ""), eb("plans.id", "<", before?.id ?? "")]),
        ]),
      ),
    )
    .orderBy("plans.created_at", "desc")
    .orderBy("plans.id", "desc")
    .limit(filter.limit)
    .execute();
}

// Discounts

const discountListColumns = [
  "plans.name as plan_name",
  "plans.location_id as plan_location_id",
  "locations.name as location_name",
  "locations.organisation_id as location_organisation_id",
  "locations.time_zone as location_time_zone",
] as const;

/** A promo code with its plan's name and location (null for a code of every plan). */
export function findDiscountWithPlan(db: Executor, discountId: string) {
  return db
    .selectFrom("discounts")
    .leftJoin("plans", "plans.id", "discounts.plan_id")
    .leftJoin("locations", "locations.id", "plans.location_id")
    .selectAll("discounts")
    .select(discountListColumns)
    .where("discounts.id", "=", discountId)
    .executeTakeFirst();
}

/**
 * The promo codes of an organisation's plans (at all its locations, or only `locationIds`) and,
 * with `everyPlan`, the codes of every plan; newest first, `limit` rows after `before`.
 */
export function listDiscountsOfOrganisation(
  db: Executor,
  filter: { organisationId: string; locationIds: string[] | null; everyPlan: boolean; before: Before; limit: number },
) {
  const { before } = filter;
  return db
    .selectFrom("discounts")
    .leftJoin("plans", "plans.id", "discounts.plan_id")
    .leftJoin("locations", "locations.id", "plans.location_id")
    .selectAll("discounts")
    .select(discountListColumns)
    .where((eb) => {
      const ours = eb.and([
        eb("locations.organisation_id", "=", filter.organisationId),
        ...(filter.locationIds === null
          ? []
          : [eb("plans.location_id", "in", filter.locationIds.length ? filter.locationIds : [""])]),
      ]);
      return filter.everyPlan ? eb.or([ours, eb("discounts.plan_id", "is", null)]) : ours;
    })
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("discounts.created_at", "<", before?.createdAt ?? ""),
          eb.and([eb("discounts.created_at", "=", before?.createdAt ?? ""), eb("discounts.id", "<", before?.id ?? "")]),
        ]),
      ),
    )
    .orderBy("discounts.created_at", "desc")
    .orderBy("discounts.id", "desc")
    .limit(filter.limit)
    .execute();
}

/**
 * Changes a promo code; a new redemption limit is written only while it is not below the
 * redemptions already taken (one conditional UPDATE, so a checkout in between cannot slip past
 * it). Undefined when the limit was refused.
 */
export function updateDiscountRow(db: Executor, discountId: string, changes: RowUpdate<"discounts">) {
  const limit = changes.max_redemptions;
  return db
    .updateTable("discounts")
    .set(changes)
    .where("id", "=", discountId)
    .$if(typeof limit === "number", (qb) => qb.where("redemptions", "<=", limit as number))
    .returningAll()
    .executeTakeFirst();
}

export function findDiscountByCode(db: Executor, code: string) {
  return db.selectFrom("discounts").selectAll().where("code", "=", code.toUpperCase()).executeTakeFirst();
}

export function findDiscountById(db: Executor, discountId: string) {
  return db.selectFrom("discounts").selectAll().where("id", "=", discountId).executeTakeFirst();
}

export async function insertDiscount(db: Executor, discount: NewRow<"discounts">): Promise<void> {
  await db.insertInto("discounts").values(discount).execute();
}

export async function hasRedeemed(db: Executor, discountId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("discount_redemptions")
    .select("id")
    .where("discount_id", "=", discountId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one redemption: a single conditional UPDATE, so two checkouts can never both take the
 * last one (the row's write lock orders them on PostgreSQL; SQLite runs one writer). False when
 * none is left.
 */
export async function takeRedemption(db: Executor, discountId: string): Promise<boolean> {
  const result = await db
    .updateTable("discounts")
    .set((eb) => ({ redemptions: eb("redemptions", "+", 1) }))
    .where("id", "=", discountId)
    .where("disabled_at", "is", null)
    .where((eb) => eb.or([eb("max_redemptions", "is", null), eb("redemptions", "<", eb.ref("max_redemptions"))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRedemption(db: Executor, redemption: NewRow<"discount_redemptions">): Promise<void> {
  await db.insertInto("discount_redemptions").values(redemption).execute();
}

/** Gives a pass's redemption back (the pass expired unpaid): the code counts it no more. */
export async function releaseRedemption(db: Executor, subscriptionId: string, discountId: string): Promise<void> {
  const removed = await db
    .deleteFrom("discount_redemptions")
    .where("subscription_id", "=", subscriptionId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0)
    await db
      .updateTable("discounts")
      .set((eb) => ({ redemptions: eb("redemptions", "-", 1) }))
      .where("id", "=", discountId)
      .execute();
}

// Passes

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

// Periods

/** Opens a period once: a second insert of the same number (another worker) changes nothing. */
export async function insertPeriodOnce(db: Executor, period: NewRow<"subscription_periods">): Promise<void> {
  await db
    .insertInto("subscription_periods")
    .values(period)
    .onConflict((conflict) => conflict.columns(["subscription_id", "number"]).doNothing())
    .execute();
}

export function findPeriod(db: Executor, subscriptionId: string, number: number) {
  return db
    .selectFrom("subscription_periods")
    .selectAll()
    .where("subscription_id", "=", subscriptionId)
    .where("number", "=", number)
    .executeTakeFirst();
}

export function findPeriodById(db: Executor, periodId: string) {
  return db.selectFrom("subscription_periods").selectAll().where("id", "=", periodId).executeTakeFirst();
}

export function lockPeriod(tx: Executor, periodId: string) {
  return tx
    .selectFrom("subscription_periods")
    .selectAll()
    .where("id", "=", periodId)
    .$call(forUpdate(tx))
    .executeTakeFirst();
}

export function updatePeriodRow(db: Executor, periodId: string, changes: RowUpdate<"subscription_periods">) {
  return db
    .updateTable("subscription_periods")
    .set(changes)
    .where("id", "=", periodId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listPeriodsOf(db: Executor, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("subscription_periods")
    .selectAll()
    .where("subscription_id", "in", subscriptionIds)
    .orderBy("subscription_id")
    .orderBy("number")
    .execute();
}

/** Whether a period has a charge in flight or done. */
export async function hasLiveChargeForPeriod(db: Executor, periodId: string): Promise<boolean> {
  const row = await db
    .selectFrom("payments")
    .select("id")
    .where("payable_type", "=", PERIOD_PAYABLE)
    .where("payable_id", "=", periodId)
    .where("kind", "=", "charge")
    .where("status", "in", ["pending", "requires_action", "succeeded"])
    .executeTakeFirst();
  return row !== undefined;
}

/** The period's successful charge (to refund it). */
export function findSucceededChargeOfPeriod(db: Executor, periodId: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("payable_type", "=", PERIOD_PAYABLE)
    .where("payable_id", "=", periodId)
    .where("kind", "=", "charge")
    .where("status", "in", ["succeeded", "refunded"])
    .executeTakeFirst();
}

/** Ledger rows (charges and refunds) of a driver's passes, newest first, with period, plan and card. */
export function listLedgerRowsOfPasses(db: Executor, filter: { userId: string; subscriptionId?: string }) {
  let query = db
    .selectFrom("payments")
    .innerJoin("subscription_periods", "subscription_periods.id", "payments.payable_id")
    .innerJoin("subscriptions", "subscriptions.id", "subscription_periods.subscription_id")
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .leftJoin("payment_methods", "payment_methods.id", "payments.payment_method_id")
    .select([
      "payments.id",
      "payments.kind",
      "payments.status",
      "payments.amount",
      "payments.currency",
      "payments.created_at",
      "subscriptions.id as subscription_id",
      "subscription_periods.number as period",
      "plans.name as plan_name",
      "payment_methods.brand",
      "payment_methods.last4",
    ])
    .where("payments.payable_type", "=", PERIOD_PAYABLE)
    .where("payments.user_id", "=", filter.userId);
  if (filter.subscriptionId) query = query.where("subscriptions.id", "=", filter.subscriptionId);
  return query.orderBy("payments.created_at", "desc").orderBy("payments.id").limit(200).execute();
}

// What the jobs look for

const BATCH = 200;

/** Passes with work due at `now`: a period to renew or end, a trial to start, a retry, an expiry. */
export async function listPassesDue(db: Executor, now: string): Promise<string[]> {
  const rows = await db
    .selectFrom("subscriptions")
    .innerJoin("subscription_periods as current", (join) =>
      join
        .onRef("current.subscription_id", "=", "subscriptions.id")
        .onRef("current.number", "=", "subscriptions.current_period"),
    )
    .select("subscriptions.id")
    .where((eb) =>
      eb.or([
        // A period ended: renew it, or end a cancelled pass (a past-due pass waits for its retries).
        eb.and([
          eb("current.ends_at", "<=", now),
          eb.or([
            eb("subscriptions.status", "=", "active"),
            eb.and([eb("subscriptions.status", "=", "past_due"), eb("subscriptions.cancel_at_period_end", "=", 1)]),
          ]),
        ]),
        eb.and([eb("subscriptions.status", "=", "trial"), eb("current.starts_at", "<=", now)]),
        // A renewal opened and never charged: its worker died between the two steps.
        eb.and([
          eb("subscriptions.status", "=", "active"),
          eb("current.status", "=", "due"),
          eb("current.starts_at", "<=", now),
        ]),
        eb.and([eb("subscriptions.status", "=", "past_due"), eb("subscriptions.next_retry_at", "<=", now)]),
        eb.and([eb("subscriptions.status", "=", "incomplete"), eb("subscriptions.expires_at", "<=", now)]),
      ]),
    )
    .orderBy("subscriptions.id")
    .limit(BATCH)
    .execute();
  return rows.map((row) => row.id);
}

/** Active monthly or yearly passes renewing before `until` whose reminder for this period was not sent. */
export async function listRenewalsToRemind(db: Executor, now: string, until: string): Promise<string[]> {
  const rows = await db
    .selectFrom("subscriptions")
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .innerJoin("subscription_periods as current", (join) =>
      join
        .onRef("current.subscription_id", "=", "subscriptions.id")
        .onRef("current.number", "=", "subscriptions.current_period"),
    )
    .select("subscriptions.id")
    .where("subscriptions.status", "=", "active")
    .where("subscriptions.cancel_at_period_end", "=", 0)
    .where("plans.interval_unit", "in", ["month", "year"])
    .where("current.ends_at", ">", now)
    .where("current.ends_at", "<=", until)
    .where((eb) =>
      eb.or([
        eb("subscriptions.reminded_period", "is", null),
        eb("subscriptions.reminded_period", "<", eb.ref("subscriptions.current_period")),
      ]),
    )
    .limit(BATCH)
    .execute();
  return rows.map((row) => row.id);
}

/** Marks the period's reminder as sent; false when another worker marked it first. */
export async function markReminded(db: Executor, subscriptionId: string, period: number): Promise<boolean> {
  const result = await db
    .updateTable("subscriptions")
    .set({ reminded_period: period })
    .where("id", "=", subscriptionId)
    .where((eb) => eb.or([eb("reminded_period", "is", null), eb("reminded_period", "<", period)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Partner landings

/** The host's own landing for `slug`, else the default host's (decision 0022). */
export async function findPartnerPage(db: Executor, slug: string, hostname: string) {
  const rows = await db
    .selectFrom("partner_pages")
    .innerJoin("hosts", "hosts.hostname", "partner_pages.hostname")
    .selectAll("partner_pages")
    .where("partner_pages.slug", "=", slug)
    .where((eb) => eb.or([eb("partner_pages.hostname", "=", hostname), eb("hosts.is_default", "=", 1)]))
    .execute();
  return rows.find((row) => row.hostname === hostname) ?? rows[0];
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
