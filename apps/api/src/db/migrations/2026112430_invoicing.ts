import { type Kysely, sql } from "kysely";
import { money, timestamp } from "../column-types.ts";

/**
 * Mexican tax invoices (docs/product/invoicing-account-contact.md, docs/decisions/0035): the issuer of each operator, how each
 * location invoices, drivers' fiscal profiles, invoices and the payments each one covers, and
 * the contact form's messages. One invoice per payment is a unique index, not only code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The operator's own fiscal data: the CFDI's Emisor and its place of issue.
  await db.schema
    .createTable("invoice_issuers")
    .addColumn("organisation_id", "text", (c) => c.primaryKey().references("organisations.id"))
    .addColumn("rfc", "text", (c) => c.notNull())
    .addColumn("legal_name", "text", (c) => c.notNull())
    .addColumn("tax_regime", "text", (c) => c.notNull())
    .addColumn("postal_code", "text", (c) => c.notNull())
    .addColumn("series", "text", (c) => c.notNull())
    // The last folio given out in the series; taken under the issuer's row lock.
    .addColumn("last_folio", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();

  // `none`: the location does not invoice; `approval`: an operator approves each request first.
  await db.schema
    .alterTable("locations")
    .addColumn("invoicing", "text", (c) =>
      c.notNull().defaultTo("automatic").check(sql`invoicing in ('none', 'automatic', 'approval')`),
    )
    .execute();

  await db.schema
    .createTable("tax_profiles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("rfc", "text", (c) => c.notNull())
    .addColumn("legal_name", "text", (c) => c.notNull())
    .addColumn("tax_regime", "text", (c) => c.notNull())
    .addColumn("cfdi_use", "text", (c) => c.notNull())
    .addColumn("postal_code", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0).check(sql`is_default in (0, 1)`))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("deleted_at", timestamp)
    .execute();
  await db.schema.createIndex("tax_profiles_user").on("tax_profiles").columns(["user_id", "created_at"]).execute();
  await db.schema
    .createIndex("tax_profiles_one_default")
    .on("tax_profiles")
    .column("user_id")
    .unique()
    .where(sql<boolean>`is_default = 1 and deleted_at is null`)
    .execute();

  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("organisation_id", "text", (c) => c.notNull().references("organisations.id"))
    .addColumn("tax_profile_id", "text", (c) => c.references("tax_profiles.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('single', 'monthly')`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending_approval', 'issuing', 'issued', 'failed', 'rejected', 'cancelled')`),
    )
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("folio", "integer", (c) => c.notNull())
    // The issuer and receiver as they were when requested: the CFDI must not change with a profile.
    .addColumn("issuer_rfc", "text", (c) => c.notNull())
    .addColumn("issuer_name", "text", (c) => c.notNull())
    .addColumn("issuer_regime", "text", (c) => c.notNull())
    .addColumn("issuer_postal_code", "text", (c) => c.notNull())
    .addColumn("receiver_rfc", "text", (c) => c.notNull())
    .addColumn("receiver_name", "text", (c) => c.notNull())
    .addColumn("receiver_regime", "text", (c) => c.notNull())
    .addColumn("receiver_postal_code", "text", (c) => c.notNull())
    .addColumn("receiver_email", "text", (c) => c.notNull())
    .addColumn("cfdi_use", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency in ('mxn', 'usd')`))
    .addColumn("subtotal", money, (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn("tax", money, (c) => c.notNull().check(sql`tax >= 0`))
    .addColumn("total", money, (c) => c.notNull().check(sql`total > 0`))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_ref", "text")
    .addColumn("cfdi_uuid", "text")
    .addColumn("stamped", "integer", (c) => c.notNull().defaultTo(0).check(sql`stamped in (0, 1)`))
    .addColumn("xml", "text")
    // The PDF, base64: the sandbox's is made here; a provider's is downloaded once and kept.
    .addColumn("pdf_base64", "text")
    .addColumn("failure_code", "text")
    .addColumn("reviewed_by", "text", (c) => c.references("users.id"))
    .addColumn("reviewed_at", timestamp)
    .addColumn("review_note", "text")
    .addColumn("issued_at", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addUniqueConstraint("invoices_series_folio", ["organisation_id", "series", "folio"])
    .execute();
  await db.schema.createIndex("invoices_user").on("invoices").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("invoices_status").on("invoices").columns(["status", "created_at"]).execute();

  // The payments an invoice covers. A payment is on at most one live invoice: a rejected or
  // failed request lets go of its payments (`released`) so they can be asked again.
  await db.schema
    .createTable("invoice_payments")
    .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id"))
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("base", money, (c) => c.notNull())
    .addColumn("tax", money, (c) => c.notNull())
    .addColumn("tax_rate_bp", "integer", (c) => c.notNull())
    .addColumn("total", money, (c) => c.notNull())
    .addColumn("paid_at", timestamp, (c) => c.notNull())
    .addColumn("released", "integer", (c) => c.notNull().defaultTo(0).check(sql`released in (0, 1)`))
    .addPrimaryKeyConstraint("invoice_payments_pk", ["invoice_id", "payment_id"])
    .execute();
  await db.schema
    .createIndex("invoice_payments_one_invoice")
    .on("invoice_payments")
    .column("payment_id")
    .unique()
    .where(sql<boolean>`released = 0`)
    .execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("organisation_id", "text", (c) => c.references("organisations.id"))
    .addColumn("hostname", "text", (c) => c.notNull())
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("visit_id", "text", (c) => c.references("visits.id"))
    .addColumn("sent_to", "text")
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_messages_user")
    .on("contact_messages")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.createIndex("contact_messages_ip").on("contact_messages").columns(["ip", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_messages").execute();
  await db.schema.dropTable("invoice_payments").execute();
  await db.schema.dropTable("invoices").execute();
  await db.schema.dropTable("tax_profiles").execute();
  await db.schema.alterTable("locations").dropColumn("invoicing").execute();
  await db.schema.dropTable("invoice_issuers").execute();
}
