import { type Kysely, sql } from "kysely";
import { money, timestamp } from "../column-types.ts";

/**
 * Credit notes (CFDI de egreso, docs/decisions/0308): one per refund of a payment that is on a
 * driver's invoice or a global invoice, related to that CFDI with TipoRelacion 01. The refund's id is
 * a unique key, so a refund gets one credit note whatever runs twice. The global invoice's
 * periodicity takes the SAT's weekly one too (c_Periodicidad 02, docs/decisions/0309), and its sweep
 * remembers how far it got, so periods missed while no worker ran are issued later (docs/decisions/0310).
 */
const PERIODICITIES = sql`('daily', 'weekly', 'fortnightly', 'monthly', 'bimonthly')`;
const EARLIER_PERIODICITIES = sql`('daily', 'fortnightly', 'monthly', 'bimonthly')`;

/**
 * Replaces the CHECK of `invoice_issuers.global_periodicity`: SQLite cannot alter a column's CHECK,
 * so on both engines the column is copied aside, dropped with its CHECK and made again.
 */
async function allowPeriodicities(db: Kysely<unknown>, allowed: typeof PERIODICITIES): Promise<void> {
  await db.schema.alterTable("invoice_issuers").addColumn("periodicity_being_moved", "text").execute();
  await sql`update invoice_issuers set periodicity_being_moved = global_periodicity`.execute(db);
  await db.schema.alterTable("invoice_issuers").dropColumn("global_periodicity").execute();
  await db.schema
    .alterTable("invoice_issuers")
    .addColumn("global_periodicity", "text", (c) =>
      c.notNull().defaultTo("monthly").check(sql`global_periodicity in ${allowed}`),
    )
    .execute();
  await sql`update invoice_issuers set global_periodicity = periodicity_being_moved`.execute(db);
  await db.schema.alterTable("invoice_issuers").dropColumn("periodicity_being_moved").execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("credit_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organisation_id", "text", (c) => c.notNull().references("organisations.id"))
    // One credit note per refund, whoever asks for it and however often.
    .addColumn("refund_payment_id", "text", (c) => c.notNull().unique().references("payments.id"))
    .addColumn("charge_payment_id", "text", (c) => c.notNull().references("payments.id"))
    // The CFDI it corrects: a driver's invoice or a global invoice, exactly one of the two.
    .addColumn("invoice_id", "text", (c) => c.references("invoices.id"))
    .addColumn("global_invoice_id", "text", (c) => c.references("global_invoices.id"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('issuing', 'issued', 'failed')`))
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("folio", "integer", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("base", money, (c) => c.notNull().check(sql`base >= 0`))
    .addColumn("tax", money, (c) => c.notNull().check(sql`tax >= 0`))
    .addColumn("tax_rate_bp", "integer", (c) => c.notNull())
    .addColumn("total", money, (c) => c.notNull().check(sql`total > 0`))
    .addColumn("payment_form", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_ref", "text")
    .addColumn("cfdi_uuid", "text")
    .addColumn("stamped", "integer", (c) => c.notNull().defaultTo(0).check(sql`stamped in (0, 1)`))
    .addColumn("xml", "text")
    .addColumn("pdf_base64", "text")
    .addColumn("failure_code", "text")
    .addColumn("issued_at", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addCheckConstraint("credit_notes_one_original", sql`(invoice_id is null) <> (global_invoice_id is null)`)
    .execute();
  await db.schema.createIndex("credit_notes_invoice").on("credit_notes").column("invoice_id").execute();
  await db.schema.createIndex("credit_notes_global_invoice").on("credit_notes").column("global_invoice_id").execute();
  await db.schema
    .createIndex("credit_notes_organisation")
    .on("credit_notes")
    .columns(["organisation_id", "created_at"])
    .execute();
  await db.schema.createIndex("credit_notes_charge").on("credit_notes").column("charge_payment_id").execute();
  await allowPeriodicities(db, PERIODICITIES);
  // The end of the last period the sweep collected: the next sweep starts there, missed periods included.
  await db.schema.alterTable("invoice_issuers").addColumn("global_swept_through", timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("invoice_issuers").dropColumn("global_swept_through").execute();
  await sql`update invoice_issuers set global_periodicity = 'monthly' where global_periodicity = 'weekly'`.execute(db);
  await allowPeriodicities(db, EARLIER_PERIODICITIES);
  await db.schema.dropTable("credit_notes").execute();
}
