import type { Executor } from "../../db/database.ts";
import type { NewRow, Row, RowUpdate } from "../../db/schema.ts";

/** Every query of credit notes and of what they are worked out from (docs/decisions/0308). */

export type CreditNoteRow = Row<"credit_notes">;

/**
 * The CFDI a charge is on, with what its line claims: the live line of a driver's invoice (not
 * released), or its line on a global invoice. At most one of the two exists (decision 0293).
 */
export async function findChargeCoverage(db: Executor, chargeId: string) {
  const own = await db
    .selectFrom("invoice_payments")
    .innerJoin("invoices", "invoices.id", "invoice_payments.invoice_id")
    .select([
      "invoices.id as invoice_id",
      "invoices.status",
      "invoices.organisation_id",
      "invoice_payments.description",
      "invoice_payments.total",
      "invoice_payments.tax_rate_bp",
    ])
    .where("invoice_payments.payment_id", "=", chargeId)
    .where("invoice_payments.released", "=", 0)
    .executeTakeFirst();
  if (own) return { kind: "invoice" as const, ...own };
  const global = await db
    .selectFrom("global_invoice_payments")
    .innerJoin("global_invoices", "global_invoices.id", "global_invoice_payments.global_invoice_id")
    .select([
      "global_invoices.id as invoice_id",
      "global_invoices.status",
      "global_invoices.organisation_id",
      "global_invoice_payments.total",
      "global_invoice_payments.tax_rate_bp",
    ])
    .where("global_invoice_payments.payment_id", "=", chargeId)
    .executeTakeFirst();
  return global ? { kind: "global" as const, description: null, ...global } : undefined;
}

export type ChargeCoverage = NonNullable<Awaited<ReturnType<typeof findChargeCoverage>>>;

/** The charges of an invoice or a global invoice that have a succeeded refund: the ones a credit note may be owed for. */
export async function listRefundedChargesOf(db: Executor, original: { kind: "invoice" | "global"; id: string }) {
  const refunded = db
    .selectFrom("payments")
    .select("parent_payment_id")
    .where("kind", "=", "refund")
    .where("status", "=", "succeeded");
  const rows =
    original.kind === "invoice"
      ? await db
          .selectFrom("invoice_payments")
          .select("payment_id")
          .where("invoice_id", "=", original.id)
          .where("released", "=", 0)
          .where("payment_id", "in", refunded)
          .execute()
      : await db
          .selectFrom("global_invoice_payments")
          .select("payment_id")
          .where("global_invoice_id", "=", original.id)
          .where("payment_id", "in", refunded)
          .execute();
  return rows.map((row) => row.payment_id);
}

export function findCharge(db: Executor, chargeId: string) {
  return db
    .selectFrom("payments")
    .select(["id", "amount", "tax", "kind"])
    .where("id", "=", chargeId)
    .executeTakeFirst();
}

/** A charge's succeeded refunds in the order they were settled, with the credit note each has. */
export function listSucceededRefunds(db: Executor, chargeId: string) {
  return db
    .selectFrom("payments")
    .leftJoin("credit_notes", "credit_notes.refund_payment_id", "payments.id")
    .select(["payments.id", "payments.amount", "credit_notes.id as credit_note_id"])
    .where("payments.parent_payment_id", "=", chargeId)
    .where("payments.kind", "=", "refund")
    .where("payments.status", "=", "succeeded")
    .orderBy("payments.updated_at")
    .orderBy("payments.id")
    .execute();
}

export async function insertCreditNote(db: Executor, row: NewRow<"credit_notes">): Promise<void> {
  await db.insertInto("credit_notes").values(row).execute();
}

export function findCreditNote(db: Executor, id: string) {
  return db.selectFrom("credit_notes").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function updateCreditNoteIfStatus(
  db: Executor,
  id: string,
  from: CreditNoteRow["status"],
  changes: RowUpdate<"credit_notes">,
): Promise<boolean> {
  const result = await db
    .updateTable("credit_notes")
    .set(changes)
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Credit notes with the number and folio fiscal of the CFDI each corrects, and the driver it belongs to if any. */
function creditNotesWithOriginals(db: Executor) {
  return db
    .selectFrom("credit_notes")
    .leftJoin("invoices", "invoices.id", "credit_notes.invoice_id")
    .leftJoin("global_invoices", "global_invoices.id", "credit_notes.global_invoice_id")
    .selectAll("credit_notes")
    .select((eb) => [
      "invoices.user_id",
      eb.fn.coalesce("invoices.series", "global_invoices.series").as("related_series"),
      eb.fn.coalesce("invoices.folio", "global_invoices.folio").as("related_folio"),
      eb.fn.coalesce("invoices.cfdi_uuid", "global_invoices.cfdi_uuid").as("related_cfdi_uuid"),
    ]);
}

export type CreditNoteWithOriginal = Awaited<ReturnType<typeof findCreditNoteWithOriginal>> & {};

export function findCreditNoteWithOriginal(db: Executor, id: string) {
  return creditNotesWithOriginals(db).where("credit_notes.id", "=", id).executeTakeFirst();
}

/** The credit notes of some drivers' invoices or global invoices, oldest first. */
export function listCreditNotesOf(db: Executor, column: "invoice_id" | "global_invoice_id", ids: readonly string[]) {
  return creditNotesWithOriginals(db)
    .where(`credit_notes.${column}`, "in", ids.length > 0 ? ids : [""])
    .orderBy("credit_notes.created_at")
    .orderBy("credit_notes.id")
    .execute();
}

/** An organisation's credit notes, newest first. */
export function listCreditNotesOfOrganisation(db: Executor, organisationId: string) {
  return creditNotesWithOriginals(db)
    .where("credit_notes.organisation_id", "=", organisationId)
    .orderBy("credit_notes.created_at", "desc")
    .orderBy("credit_notes.id")
    .limit(500)
    .execute();
}
