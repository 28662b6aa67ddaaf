import type { Kysely } from "kysely";

/**
 * CFDI as the SAT and Facturapi define it (issue 23, docs/decisions/0162):
 * - an invoice's cancellation is a state read from the provider (`verifying`, `pending` — the
 *   receiver must accept —, `accepted`, `rejected`, `expired`); null while none was asked;
 * - a saved card keeps whether it is credit or debit when its gateway says so, and each payment
 *   on an invoice keeps the c_FormaPago it was paid with (04 credit, 28 debit). Rows from before
 *   have none and stay 04, what they were issued with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("invoices").addColumn("cancellation_status", "text").execute();
  await db.schema.alterTable("payment_methods").addColumn("funding", "text").execute();
  await db.schema.alterTable("invoice_payments").addColumn("payment_form", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("invoice_payments").dropColumn("payment_form").execute();
  await db.schema.alterTable("payment_methods").dropColumn("funding").execute();
  await db.schema.alterTable("invoices").dropColumn("cancellation_status").execute();
}
