import { type Kysely, sql } from "kysely";
import { money, timestamp } from "../column-types.ts";

/**
 * The global invoice (CFDI "factura global" to the general public, docs/decisions/0293): per
 * organisation and period, one CFDI for the Mexican sales no driver invoiced. The issuer chooses
 * the period (monthly unless it says otherwise); one invoice per organisation and period and one
 * global invoice per payment are unique indexes, not only code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("invoice_issuers")
    .addColumn("global_periodicity", "text", (c) =>
      c
        .notNull()
        .defaultTo("monthly")
        .check(sql`global_periodicity in ('daily', 'fortnightly', 'monthly', 'bimonthly')`),
    )
    .execute();

  await db.schema
    .createTable("global_invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organisation_id", "text", (c) => c.notNull().references("organisations.id"))
    // The period as the SAT's InformacionGlobal names it, and its bounds (UTC instants of Mexico City's clock).
    .addColumn("period_key", "text", (c) => c.notNull())
    .addColumn("periodicity", "text", (c) => c.notNull())
    .addColumn("months", "text", (c) => c.notNull())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("period_start", timestamp, (c) => c.notNull())
    .addColumn("period_end", timestamp, (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('issuing', 'issued', 'failed')`))
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("folio", "integer", (c) => c.notNull())
    .addColumn("issuer_rfc", "text", (c) => c.notNull())
    .addColumn("issuer_name", "text", (c) => c.notNull())
    .addColumn("issuer_regime", "text", (c) => c.notNull())
    .addColumn("issuer_postal_code", "text", (c) => c.notNull())
    .addColumn("payment_form", "text", (c) => c.notNull())
    .addColumn("subtotal", money, (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn("tax", money, (c) => c.notNull().check(sql`tax >= 0`))
    .addColumn("total", money, (c) => c.notNull().check(sql`total > 0`))
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
    .addUniqueConstraint("global_invoices_one_per_period", ["organisation_id", "period_key"])
    .execute();
  await db.schema
    .createIndex("global_invoices_organisation")
    .on("global_invoices")
    .columns(["organisation_id", "period_start"])
    .execute();

  // A payment is on one global invoice at most; `total` is what is left of it after refunds.
  await db.schema
    .createTable("global_invoice_payments")
    .addColumn("global_invoice_id", "text", (c) => c.notNull().references("global_invoices.id"))
    .addColumn("payment_id", "text", (c) => c.notNull().unique().references("payments.id"))
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addColumn("base", money, (c) => c.notNull())
    .addColumn("tax", money, (c) => c.notNull())
    .addColumn("tax_rate_bp", "integer", (c) => c.notNull())
    .addColumn("total", money, (c) => c.notNull())
    .addColumn("payment_form", "text", (c) => c.notNull())
    .addColumn("paid_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("global_invoice_payments_invoice")
    .on("global_invoice_payments")
    .columns(["global_invoice_id", "paid_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("global_invoice_payments").execute();
  await db.schema.dropTable("global_invoices").execute();
  await db.schema.alterTable("invoice_issuers").dropColumn("global_periodicity").execute();
}
