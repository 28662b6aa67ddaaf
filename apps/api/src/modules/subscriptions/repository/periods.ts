import { type Executor, forUpdate } from "../../../db/database.ts";
import type { NewRow, Row, RowUpdate } from "../../../db/schema.ts";
import { lockSubscription } from "./passes.ts";

export type PeriodRow = Row<"subscription_periods">;

/** The ledger's payable type of a pass's period: each period is charged at most once. */
export const PERIOD_PAYABLE = "subscription_period";

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

/**
 * The lock order of money (ARCHITECTURE.md): a period's pass (its parent), then the period.
 * Undefined when the period does not exist.
 */
export async function lockPassAndPeriod(tx: Executor, periodId: string) {
  const found = await findPeriodById(tx, periodId);
  const subscription = found && (await lockSubscription(tx, found.subscription_id));
  const period = subscription && (await lockPeriod(tx, periodId));
  return subscription && period ? { subscription, period } : undefined;
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

/** The charges of one period (its refunds are rows of their own, kind `refund`). */
const chargesOfPeriod = (db: Executor, periodId: string) =>
  db
    .selectFrom("payments")
    .selectAll()
    .where("payable_type", "=", PERIOD_PAYABLE)
    .where("payable_id", "=", periodId)
    .where("kind", "=", "charge");

/** Whether a period has a charge in flight or done. */
export async function hasLiveChargeForPeriod(db: Executor, periodId: string): Promise<boolean> {
  const row = await chargesOfPeriod(db, periodId)
    .where("status", "in", ["pending", "requires_action", "succeeded"])
    .executeTakeFirst();
  return row !== undefined;
}

/** The period's newest charge, whatever its status: one renewal reference per period (docs/decisions/0333). */
export function findLatestChargeOfPeriod(db: Executor, periodId: string) {
  return chargesOfPeriod(db, periodId).orderBy("created_at", "desc").orderBy("id", "desc").executeTakeFirst();
}

/** The period's successful charge (to refund it). */
export function findSucceededChargeOfPeriod(db: Executor, periodId: string) {
  return chargesOfPeriod(db, periodId).where("status", "in", ["succeeded", "refunded"]).executeTakeFirst();
}

/** Ledger rows (charges and refunds) of a driver's passes, newest first, with period, plan and card. */
export function listLedgerRowsOfPasses(db: Executor, filter: { userId: string; subscriptionId?: string }) {
  let query = db
    .selectFrom("payments")
    .innerJoin("subscription_periods", "subscription_periods.id", "payments.payable_id")
    .innerJoin("subscriptions", "subscriptions.id", "subscription_periods.subscription_id")
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .innerJoin("locations", "locations.id", "plans.location_id")
    .leftJoin("payment_methods", "payment_methods.id", "payments.payment_method_id")
    .select([
      "payments.id",
      "payments.kind",
      "payments.status",
      "payments.failure_code",
      "payments.rail",
      "payments.amount",
      "payments.currency",
      "payments.created_at",
      "subscriptions.id as subscription_id",
      "subscription_periods.number as period",
      "plans.name as plan_name",
      "locations.time_zone",
      "payment_methods.brand",
      "payment_methods.last4",
    ])
    .where("payments.payable_type", "=", PERIOD_PAYABLE)
    .where("payments.user_id", "=", filter.userId);
  if (filter.subscriptionId) query = query.where("subscriptions.id", "=", filter.subscriptionId);
  return query.orderBy("payments.created_at", "desc").orderBy("payments.id").limit(200).execute();
}

/**
 * How many of a plan's places are held by a first period awaiting payment by reference (OXXO, SPEI;
 * docs/decisions/0314): counted against the plan's cap on such holds.
 */
export async function countPlacesHeldByReferences(db: Executor, planId: string): Promise<number> {
  const row = await db
    .selectFrom("subscriptions")
    .innerJoin("subscription_periods", "subscription_periods.subscription_id", "subscriptions.id")
    .innerJoin("payments", (join) =>
      join
        .onRef("payments.payable_id", "=", "subscription_periods.id")
        .on("payments.payable_type", "=", PERIOD_PAYABLE),
    )
    .innerJoin("payment_references", "payment_references.payment_id", "payments.id")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("subscriptions.plan_id", "=", planId)
    .where("subscriptions.status", "=", "incomplete")
    .where("payments.status", "in", ["pending", "requires_action"])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
