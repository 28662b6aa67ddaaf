import { type Executor, forUpdate } from "../../db/database.ts";
import type { GlobalPeriodicity, NewRow, Row, RowUpdate } from "../../db/schema.ts";

/** Every query of global invoices and the sales they cover (docs/decisions/0293). */

export type GlobalInvoiceRow = Row<"global_invoices">;

export function listIssuerPeriodicities(db: Executor) {
  return db
    .selectFrom("invoice_issuers")
    .select(["organisation_id", "global_periodicity", "global_swept_through"])
    .execute();
}

export function findGlobalInvoiceOfPeriod(db: Executor, organisationId: string, periodKey: string) {
  return db
    .selectFrom("global_invoices")
    .select("id")
    .where("organisation_id", "=", organisationId)
    .where("period_key", "=", periodKey)
    .executeTakeFirst();
}

/**
 * An organisation's Mexican sales of [start, end) on no live invoice and no global invoice, with
 * what their succeeded refunds gave back and the card's funding. Read under the issuer's lock,
 * which a driver's invoice request takes too, so a sale ends up on one of the two only.
 */
export function listUninvoicedSales(db: Executor, organisationId: string, start: string, end: string) {
  return (
    db
      .selectFrom("payments")
      .innerJoin("locations", "locations.id", "payments.location_id")
      .leftJoin("payment_methods", "payment_methods.id", "payments.payment_method_id")
      .leftJoin("payment_references", "payment_references.payment_id", "payments.id")
      .select((eb) => [
        "payments.id as payment_id",
        "payments.location_id",
        "payments.subtotal",
        "payments.convenience_fee",
        "payments.processing_fee",
        "payments.tax",
        "payments.amount",
        "payments.created_at as paid_at",
        "locations.tax_rate_bp",
        "payment_methods.funding",
        "payment_references.rail",
        eb
          .selectFrom("payments as refunds")
          .select((r) => r.fn.coalesce(r.fn.sum<number>("refunds.amount"), r.lit(0)).as("refunded"))
          .whereRef("refunds.parent_payment_id", "=", "payments.id")
          .where("refunds.kind", "=", "refund")
          .where("refunds.status", "=", "succeeded")
          .as("refunded"),
      ])
      .where("locations.organisation_id", "=", organisationId)
      .where("locations.country", "=", "mx")
      .where("locations.invoicing", "!=", "none")
      .where("payments.kind", "=", "charge")
      .where("payments.status", "in", ["succeeded", "refunded"])
      .where("payments.currency", "=", "mxn")
      // A spend from the prepaid balance is not a sale: its top-up is (docs/decisions/0213).
      .where("payments.gateway", "!=", "balance")
      .where("payments.created_at", ">=", start)
      .where("payments.created_at", "<", end)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("invoice_payments")
              .select("invoice_payments.payment_id")
              .whereRef("invoice_payments.payment_id", "=", "payments.id")
              .where("invoice_payments.released", "=", 0),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("global_invoice_payments")
              .select("global_invoice_payments.payment_id")
              .whereRef("global_invoice_payments.payment_id", "=", "payments.id"),
          ),
        ),
      )
      .orderBy("payments.created_at")
      .orderBy("payments.id")
      .execute()
  );
}

export type UninvoicedSale = Awaited<ReturnType<typeof listUninvoicedSales>>[number];

export async function insertGlobalInvoice(
  db: Executor,
  invoice: NewRow<"global_invoices">,
  lines: NewRow<"global_invoice_payments">[],
): Promise<void> {
  await db.insertInto("global_invoices").values(invoice).execute();
  await db.insertInto("global_invoice_payments").values(lines).execute();
}

export function findGlobalInvoice(db: Executor, id: string) {
  return db.selectFrom("global_invoices").selectAll().where("id", "=", id).executeTakeFirst();
}

export function listGlobalInvoiceLines(db: Executor, id: string) {
  return db
    .selectFrom("global_invoice_payments")
    .selectAll()
    .where("global_invoice_id", "=", id)
    .orderBy("paid_at")
    .orderBy("payment_id")
    .execute();
}

/** Which of these payments are on a global invoice (a driver's request for one is refused). */
export async function paymentsOnGlobalInvoices(db: Executor, paymentIds: readonly string[]): Promise<Set<string>> {
  if (paymentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("global_invoice_payments")
    .select("payment_id")
    .where("payment_id", "in", paymentIds)
    .execute();
  return new Set(rows.map((row) => row.payment_id));
}

export async function updateGlobalInvoiceIfStatus(
  db: Executor,
  id: string,
  from: GlobalInvoiceRow["status"],
  changes: RowUpdate<"global_invoices">,
): Promise<boolean> {
  const result = await db
    .updateTable("global_invoices")
    .set(changes)
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** An organisation's global invoices, newest period first, with how many sales each covers. */
export function listGlobalInvoicesOfOrganisation(db: Executor, organisationId: string) {
  return db
    .selectFrom("global_invoices")
    .select((eb) => [
      "global_invoices.id",
      "global_invoices.period_key",
      "global_invoices.periodicity",
      "global_invoices.period_start",
      "global_invoices.period_end",
      "global_invoices.status",
      "global_invoices.series",
      "global_invoices.folio",
      "global_invoices.subtotal",
      "global_invoices.tax",
      "global_invoices.total",
      "global_invoices.cfdi_uuid",
      "global_invoices.stamped",
      "global_invoices.issued_at",
      eb
        .selectFrom("global_invoice_payments")
        .select((c) => c.fn.countAll<number>().as("n"))
        .whereRef("global_invoice_payments.global_invoice_id", "=", "global_invoices.id")
        .as("payment_count"),
    ])
    .where("organisation_id", "=", organisationId)
    .orderBy("period_start", "desc")
    .orderBy("id")
    .limit(500)
    .execute();
}

/** Locks the issuer row: the one lock a global invoice's collection and a driver's request share. */
export function lockIssuer(tx: Executor, organisationId: string) {
  return tx
    .selectFrom("invoice_issuers")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .$call(forUpdate(tx))
    .executeTakeFirst();
}

export async function updateIssuerPeriodicity(db: Executor, organisationId: string, periodicity: GlobalPeriodicity) {
  await db
    .updateTable("invoice_issuers")
    .set({ global_periodicity: periodicity })
    .where("organisation_id", "=", organisationId)
    .execute();
}

/** Remembers the end of the last period swept, never moving back (two workers may sweep at once). */
export async function markSweptThrough(db: Executor, organisationId: string, periodEnd: string) {
  await db
    .updateTable("invoice_issuers")
    .set({ global_swept_through: periodEnd })
    .where("organisation_id", "=", organisationId)
    .where((eb) => eb.or([eb("global_swept_through", "is", null), eb("global_swept_through", "<", periodEnd)]))
    .execute();
}
