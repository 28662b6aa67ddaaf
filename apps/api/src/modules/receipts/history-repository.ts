import type { PayableType } from "@estaciona/contracts";
import type { ExpenseTag } from "@estaciona/contracts/schemas/receipts";
import type { Executor } from "../../db/database.ts";

/** The queries of the receipts history (docs/decisions/0187): the driver's payments, their tags and CFDIs. */

export interface HistoryRow {
  id: string;
  kind: "charge" | "refund";
  parent_payment_id: string | null;
  payable_type: PayableType;
  payable_id: string;
  amount: number;
  currency: "mxn" | "usd";
  created_at: string;
  location_name: string | null;
  location_short_name: string | null;
  location_time_zone: string | null;
  tag: ExpenseTag | null;
}

/**
 * One page of the driver's payments in [from, to), newest first by (created_at, id): charges that
 * took money (kept or later refunded) and refunds made, of every sold kind (a card check is no
 * payment of the driver's: it is given back at once). `after` is the last row of the page before.
 */
export function listHistoryPage(
  db: Executor,
  userId: string,
  period: { from: string; to: string },
  after: { createdAt: string; id: string } | null,
  limit: number,
): Promise<HistoryRow[]> {
  let query = db
    .selectFrom("payments")
    .leftJoin("locations", "locations.id", "payments.location_id")
    // A refund reads its charge's tag: the tag is the driver's of the purchase.
    .leftJoin("payment_tags", (join) =>
      join.on((eb) => eb("payment_tags.payment_id", "=", eb.fn.coalesce("payments.parent_payment_id", "payments.id"))),
    )
    .select([
      "payments.id",
      "payments.kind",
      "payments.parent_payment_id",
      "payments.payable_type",
      "payments.payable_id",
      "payments.amount",
      "payments.currency",
      "payments.created_at",
      "locations.name as location_name",
      "locations.short_name as location_short_name",
      "locations.time_zone as location_time_zone",
      "payment_tags.tag",
    ])
    .where("payments.user_id", "=", userId)
    .where("payments.payable_type", "!=", "payment_method")
    .where((eb) =>
      eb.or([
        eb.and([eb("payments.kind", "=", "charge"), eb("payments.status", "in", ["succeeded", "refunded"])]),
        eb.and([eb("payments.kind", "=", "refund"), eb("payments.status", "=", "succeeded")]),
      ]),
    )
    .where("payments.created_at", ">=", period.from)
    .where("payments.created_at", "<", period.to);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb("payments.created_at", "<", after.createdAt),
        eb.and([eb("payments.created_at", "=", after.createdAt), eb("payments.id", "<", after.id)]),
      ]),
    );
  return query.orderBy("payments.created_at", "desc").orderBy("payments.id", "desc").limit(limit).execute();
}

/** The issued CFDI covering each of these charges (an invoice rejected, failed or cancelled does not). */
export async function findCfdisOf(
  db: Executor,
  chargeIds: string[],
): Promise<Map<string, { invoice_uuid: string; cfdi_uuid: string | null }>> {
  if (chargeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("invoice_payments")
    .innerJoin("invoices", "invoices.id", "invoice_payments.invoice_id")
    .select(["invoice_payments.payment_id", "invoices.id as invoice_uuid", "invoices.cfdi_uuid"])
    .where("invoice_payments.payment_id", "in", chargeIds)
    .where("invoice_payments.released", "=", 0)
    .where("invoices.status", "=", "issued")
    .execute();
  return new Map(rows.map((row) => [row.payment_id, { invoice_uuid: row.invoice_uuid, cfdi_uuid: row.cfdi_uuid }]));
}

/** The driver's own charge that took money (a tag is for a payment the driver made). */
export function findTaggableCharge(db: Executor, userId: string, paymentId: string) {
  return db
    .selectFrom("payments")
    .select("id")
    .where("id", "=", paymentId)
    .where("user_id", "=", userId)
    .where("kind", "=", "charge")
    .where("payable_type", "!=", "payment_method")
    .where("status", "in", ["succeeded", "refunded"])
    .executeTakeFirst();
}

/** Sets or changes the tag of a charge (one row per charge). */
export async function upsertPaymentTag(
  db: Executor,
  row: { payment_id: string; user_id: string; tag: ExpenseTag; updated_at: string },
): Promise<void> {
  await db
    .insertInto("payment_tags")
    .values(row)
    .onConflict((conflict) => conflict.column("payment_id").doUpdateSet({ tag: row.tag, updated_at: row.updated_at }))
    .execute();
}
