import { sql } from "kysely";
import type { Executor } from "../../../db/database.ts";
import { railOfChargeSql } from "../../payments/ledger.ts";

/** The console's queries of charges, refunds and revenue. Callers pass the ids of the locations in the caller's scope. */

/**
 * Charges with their location, driver and plate, read from the ledger alone: every charge records
 * its location and vehicle when it is made (docs/decisions/0105); refunds are read as lines of
 * their charge.
 */
const chargeRail = railOfChargeSql({ charge: "payments", method: "payment_methods", reference: "payment_references" });

const chargesIn = (db: Executor, locationIds: string[]) =>
  db
    .selectFrom("payments")
    .innerJoin("locations", "locations.id", "payments.location_id")
    .innerJoin("users", "users.id", "payments.user_id")
    .leftJoin("vehicles", "vehicles.id", "payments.vehicle_id")
    .leftJoin("payment_methods", "payment_methods.id", "payments.payment_method_id")
    .leftJoin("payment_references", "payment_references.payment_id", "payments.id")
    .where("payments.location_id", "in", locationIds.length ? locationIds : [""])
    .where("payments.kind", "=", "charge")
    .select((eb) => [
      "payments.id",
      "payments.kind",
      "payments.status",
      "payments.payable_type",
      "payments.payable_id",
      "payments.user_id",
      "payments.currency",
      "payments.subtotal",
      "payments.convenience_fee",
      "payments.processing_fee",
      "payments.tax",
      "payments.amount",
      "payments.gateway",
      "payments.provider_ref",
      "payments.description",
      "payments.created_at",
      "locations.id as location_id",
      "locations.name as location_name",
      "users.phone",
      "users.deleted_at as driver_deleted_at",
      "vehicles.plate",
      "payment_methods.brand as card_brand",
      "payment_methods.last4 as card_last4",
      "payment_methods.wallet as card_wallet",
      chargeRail.as("rail"),
      eb
        .selectFrom("payments as refunds")
        .select((r) => r.fn.coalesce(r.fn.sum<number>("refunds.amount"), r.lit(0)).as("sum"))
        .whereRef("refunds.parent_payment_id", "=", "payments.id")
        .where("refunds.kind", "=", "refund")
        .where("refunds.status", "=", "succeeded")
        .as("refunded"),
    ]);

export type ChargeRow = Awaited<ReturnType<ReturnType<typeof chargesIn>["execute"]>>[number];

export interface ChargeFilters {
  from?: string;
  /** Exclusive. */
  until?: string;
  locationId?: string;
  plate?: string;
  phoneDigits?: string;
  status?: ChargeRow["status"];
  statuses?: ChargeRow["status"][];
  rail?: ChargeRow["rail"];
  /** Pending charges attempted before (needs review) or since (still pending) a moment (decision 0246). */
  review?: { olderThan: string } | { newerThan: string };
  /** Keyset: rows strictly older than this `created_at`, `id`. */
  before?: { createdAt: string; id: string };
}

/** A page of charges, newest first (keyset paging on `created_at`, `id`). */
export function searchCharges(db: Executor, locationIds: string[], filters: ChargeFilters, limit: number) {
  const { before, review } = filters;
  return chargesIn(db, locationIds)
    .$if(filters.from !== undefined, (qb) => qb.where("payments.created_at", ">=", filters.from ?? ""))
    .$if(filters.until !== undefined, (qb) => qb.where("payments.created_at", "<", filters.until ?? ""))
    .$if(filters.locationId !== undefined, (qb) => qb.where("locations.id", "=", filters.locationId ?? ""))
    .$if(filters.plate !== undefined, (qb) => qb.where("vehicles.plate", "=", filters.plate ?? ""))
    .$if(filters.phoneDigits !== undefined, (qb) => qb.where("users.phone", "like", `%${filters.phoneDigits}`))
    .$if(filters.status !== undefined, (qb) => qb.where("payments.status", "=", filters.status ?? "pending"))
    .$if(filters.rail !== undefined, (qb) => qb.where(chargeRail, "=", filters.rail ?? "card"))
    .$if(filters.statuses !== undefined, (qb) => qb.where("payments.status", "in", filters.statuses ?? []))
    .$if(review !== undefined, (qb) =>
      review && "olderThan" in review
        ? qb.where("payments.created_at", "<=", review.olderThan)
        : qb.where("payments.created_at", ">", review?.newerThan ?? ""),
    )
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("payments.created_at", "<", before?.createdAt ?? ""),
          eb.and([eb("payments.created_at", "=", before?.createdAt ?? ""), eb("payments.id", "<", before?.id ?? "")]),
        ]),
      ),
    )
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id", "desc")
    .limit(limit)
    .execute();
}

export function findChargeIn(db: Executor, locationIds: string[], paymentId: string) {
  return chargesIn(db, locationIds).where("payments.id", "=", paymentId).executeTakeFirst();
}

/** The charge and its refunds, in order: the ledger lines of one payment. */
export function ledgerLinesOf(db: Executor, chargeId: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where((eb) => eb.or([eb("id", "=", chargeId), eb("parent_payment_id", "=", chargeId)]))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Where each local day begins on a zone's clock: `days` (date, first instant in ISO UTC), newest first. */
export interface LocalDays {
  timeZone: string;
  days: Array<{ date: string; startsAt: string }>;
}

/**
 * Money taken per day on each location's own clock, product, rail and currency: charges that succeeded
 * (or were refunded later) minus the refunds that succeeded, each on its own day. The day is read
 * from the payment's instant against the local midnights of its location's zone (computed by the
 * caller), so the same query holds on SQLite, which knows no time zones, and on PostgreSQL: a
 * payment at 01:00 UTC in Mexico City counts on the previous day there.
 */
export async function revenueByLocalDay(db: Executor, locationIds: string[], zones: LocalDays[]) {
  const earliest = zones
    .flatMap((zone) => zone.days.map((day) => day.startsAt))
    .sort()
    .at(0);
  if (locationIds.length === 0 || earliest === undefined) return [];
  const dayOf = sql<string | null>`case locations.time_zone ${sql.join(
    zones.map(
      (zone) =>
        sql`when ${zone.timeZone} then case ${sql.join(
          zone.days.map((day) => sql`when payments.created_at >= ${day.startsAt} then ${day.date}`),
          sql` `,
        )} end`,
    ),
    sql` `,
  )} end`;
  // A refund's rail is its charge's: the charge is the refund's parent, or the row itself.
  const inner = db
    .selectFrom("payments")
    .innerJoin("locations", "locations.id", "payments.location_id")
    .innerJoin("payments as charge", (join) =>
      join.on((eb) => eb("charge.id", "=", eb.fn.coalesce("payments.parent_payment_id", "payments.id"))),
    )
    .leftJoin("payment_methods", "payment_methods.id", "charge.payment_method_id")
    .leftJoin("payment_references", "payment_references.payment_id", "charge.id")
    .where("payments.location_id", "in", locationIds)
    .where("payments.created_at", ">=", earliest)
    // A top-up is money held for the driver, not a sale: revenue counts its spends (docs/decisions/0210).
    .where("payments.payable_type", "!=", "balance_top_up")
    .where((eb) =>
      eb.or([
        eb.and([eb("payments.kind", "=", "charge"), eb("payments.status", "in", ["succeeded", "refunded"])]),
        eb.and([eb("payments.kind", "=", "refund"), eb("payments.status", "=", "succeeded")]),
      ]),
    )
    .select([
      dayOf.as("day"),
      "payments.payable_type as product",
      railOfChargeSql({ charge: "charge", method: "payment_methods", reference: "payment_references" }).as("rail"),
      "payments.currency",
      sql<number>`case when payments.kind = 'charge' then payments.amount else -payments.amount end`.as("signed"),
    ]);
  const rows = await db
    .selectFrom(inner.as("money"))
    .select((eb) => [
      "money.day",
      "money.product",
      "money.rail",
      "money.currency",
      eb.fn.sum<number>("money.signed").as("amount"),
    ])
    .where("money.day", "is not", null)
    .groupBy(["money.day", "money.product", "money.rail", "money.currency"])
    .orderBy("money.day")
    .orderBy("money.product")
    .orderBy("money.rail")
    .execute();
  return rows.map((row) => ({ ...row, day: row.day ?? "", amount: Number(row.amount) }));
}
