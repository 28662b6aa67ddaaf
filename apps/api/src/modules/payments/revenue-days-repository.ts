import { type ExpressionBuilder, sql } from "kysely";
import type { Executor, Tx } from "../../db/database.ts";
import type { Database, NewRow, Row } from "../../db/schema.ts";

/**
 * The queries of the console's revenue rolled up by closed local day (docs/decisions/0349): what counts
 * as revenue, said once for the live sum and the rollup, and the rollup's own tables.
 */

/**
 * Money taken: charges that succeeded (or were refunded later) minus the refunds that succeeded, each
 * on its own day. A top-up is money held for the driver, not a sale: revenue counts its spends
 * (docs/decisions/0210). `countsAsRevenue` below says the same of one row.
 */
export const isRevenue = (eb: ExpressionBuilder<Database, "payments">) =>
  eb.and([
    eb("payments.payable_type", "!=", "balance_top_up"),
    eb.or([
      eb.and([eb("payments.kind", "=", "charge"), eb("payments.status", "in", ["succeeded", "refunded"])]),
      eb.and([eb("payments.kind", "=", "refund"), eb("payments.status", "=", "succeeded")]),
    ]),
  ]);

/** A revenue row's amount with its sign: a refund takes away. */
export const signedAmount = sql<number>`case when payments.kind = 'charge' then payments.amount else -payments.amount end`;

/** What one ledger row adds to its day's revenue, minor units (the row-level reading of `isRevenue`). */
export function revenueOf(payment: Pick<Row<"payments">, "payable_type" | "kind" | "status" | "amount">): number {
  if (payment.payable_type === "balance_top_up") return 0;
  if (payment.kind === "charge")
    return payment.status === "succeeded" || payment.status === "refunded" ? payment.amount : 0;
  return payment.status === "succeeded" ? -payment.amount : 0;
}

/**
 * The locations with a closing, and those that sold since `soldSince` (a range of `payments_created`),
 * with their closing: the job finds which have a day to close. One with no closing and no recent
 * sale is left out; its revenue is read from the ledger, an empty range of its index. (A probe per
 * location is not used: PostgreSQL's statistics of a ledger whose rows are nearly all at one lot
 * made it read the ledger in date order for each lot that never sold.)
 */
export function listLocationsToClose(db: Executor, soldSince: string) {
  return db
    .selectFrom("locations")
    .leftJoin("revenue_closings", "revenue_closings.location_id", "locations.id")
    .where((eb) =>
      eb.or([
        eb("revenue_closings.location_id", "is not", null),
        eb(
          "locations.id",
          "in",
          eb.selectFrom("payments").select("payments.location_id").where("payments.created_at", ">=", soldSince),
        ),
      ]),
    )
    .select([
      "locations.id",
      "locations.time_zone",
      "revenue_closings.time_zone as closed_time_zone",
      "revenue_closings.open_day",
    ])
    .execute();
}

/** The location's first ledger row, where its first closing starts (the ledger's location index). */
export async function firstPaymentAt(db: Executor, locationId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("payments")
    .select("created_at")
    .where("location_id", "=", locationId)
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

export function findClosing(db: Executor, locationId: string) {
  return db.selectFrom("revenue_closings").selectAll().where("location_id", "=", locationId).executeTakeFirst();
}

export async function saveClosing(tx: Tx, closing: Row<"revenue_closings">): Promise<void> {
  await tx
    .insertInto("revenue_closings")
    .values(closing)
    .onConflict((oc) =>
      oc.column("location_id").doUpdateSet({
        time_zone: closing.time_zone,
        open_day: closing.open_day,
        open_from: closing.open_from,
        updated_at: closing.updated_at,
      }),
    )
    .execute();
}

export async function deleteRevenueDaysOf(tx: Tx, locationId: string): Promise<void> {
  await tx.deleteFrom("revenue_days").where("location_id", "=", locationId).execute();
}

/** The revenue of one location between two instants, per product, rail and currency (one range of `payments_location_list`). */
export function sumRevenueBetween(db: Executor, locationId: string, from: string, to: string) {
  return db
    .selectFrom("payments")
    .select([
      "payments.payable_type as product",
      "payments.rail",
      "payments.currency",
      (eb) => eb.fn.sum<number>(signedAmount).as("amount"),
    ])
    .where("payments.location_id", "=", locationId)
    .where("payments.created_at", ">=", from)
    .where("payments.created_at", "<", to)
    .where(isRevenue)
    .groupBy(["payments.payable_type", "payments.rail", "payments.currency"])
    .execute();
}

export async function insertRevenueDays(tx: Tx, rows: NewRow<"revenue_days">[]): Promise<void> {
  if (rows.length > 0) await tx.insertInto("revenue_days").values(rows).execute();
}

/** Moves a closed day's amount by `row.amount` (a late settlement): one upsert, whatever ran before. */
export async function addToRevenueDay(tx: Tx, row: NewRow<"revenue_days">): Promise<void> {
  await tx
    .insertInto("revenue_days")
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(["location_id", "day", "product", "rail", "currency"])
        .doUpdateSet({ amount: sql<number>`revenue_days.amount + excluded.amount` }),
    )
    .execute();
}
