import { type Kysely, sql } from "kysely";
import { money, timestamp } from "../column-types.ts";

/**
 * Payments (docs/product/money.md): provider customers, saved cards, the payments ledger, HTTP
 * idempotency keys, the job queue, and the built-in sandbox gateway's own tables.
 * The rules that must hold under concurrency are constraints here, not only code:
 * one live charge per payable, one default card per user and country, one live job per dedupe key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_customers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("gateway", "text", (c) => c.notNull())
    .addColumn("customer_ref", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addUniqueConstraint("payment_customers_user_gateway", ["user_id", "gateway"])
    .execute();

  await db.schema
    .createTable("payment_methods")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("gateway", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull().check(sql`country in ('mx', 'us')`))
    .addColumn("customer_ref", "text", (c) => c.notNull())
    .addColumn("card_ref", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("last4", "text", (c) => c.notNull().check(sql`length(last4) = 4`))
    .addColumn("exp_month", "integer", (c) => c.notNull().check(sql`exp_month between 1 and 12`))
    .addColumn("exp_year", "integer", (c) => c.notNull())
    .addColumn("holder_name", "text")
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0).check(sql`is_default in (0, 1)`))
    .addColumn("free_flow", "integer", (c) => c.notNull().defaultTo(0).check(sql`free_flow in (0, 1)`))
    // Null until the verification charge succeeded: an unverified card is never listed or charged.
    .addColumn("verified_at", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("deleted_at", timestamp)
    .execute();
  await db.schema
    .createIndex("payment_methods_one_default")
    .on("payment_methods")
    .columns(["user_id", "country"])
    .unique()
    .where(sql<boolean>`is_default = 1 and deleted_at is null`)
    .execute();
  await db.schema.createIndex("payment_methods_user").on("payment_methods").columns(["user_id", "country"]).execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("payable_type", "text", (c) => c.notNull())
    .addColumn("payable_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('charge', 'refund')`))
    .addColumn("parent_payment_id", "text", (c) => c.references("payments.id"))
    .addColumn("gateway", "text", (c) => c.notNull())
    .addColumn("payment_method_id", "text", (c) => c.references("payment_methods.id"))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency in ('mxn', 'usd')`))
    .addColumn("subtotal", money, (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn("convenience_fee", money, (c) => c.notNull().check(sql`convenience_fee >= 0`))
    .addColumn("processing_fee", money, (c) => c.notNull().check(sql`processing_fee >= 0`))
    .addColumn("tax", money, (c) => c.notNull().check(sql`tax >= 0`))
    .addColumn("amount", money, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'succeeded', 'failed', 'requires_action', 'refunded')`),
    )
    .addColumn("provider_ref", "text")
    .addColumn("action_url", "text")
    .addColumn("failure_code", "text")
    .addColumn("idempotency_key", "text")
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addCheckConstraint("payments_breakdown_sums", sql`amount = subtotal + convenience_fee + processing_fee + tax`)
    .addCheckConstraint(
      "payments_refund_has_parent",
      sql`(kind = 'refund') = (parent_payment_id is not null) and (kind = 'charge' or status in ('pending', 'succeeded', 'failed'))`,
    )
    .execute();
  // The rule of docs/product/money.md: a payable has at most one charge that is live or done.
  await db.schema
    .createIndex("payments_one_live_charge_per_payable")
    .on("payments")
    .columns(["payable_type", "payable_id"])
    .unique()
    .where(sql<boolean>`kind = 'charge' and status in ('pending', 'requires_action', 'succeeded')`)
    .execute();
  // At most one refund in flight per charge: a retry reuses it (same provider reference).
  await db.schema
    .createIndex("payments_one_pending_refund")
    .on("payments")
    .column("parent_payment_id")
    .unique()
    .where(sql<boolean>`kind = 'refund' and status = 'pending'`)
    .execute();
  await db.schema
    .createIndex("payments_user_key")
    .on("payments")
    .columns(["user_id", "idempotency_key"])
    .unique()
    .where(sql<boolean>`kind = 'charge' and idempotency_key is not null`)
    .execute();
  await db.schema.createIndex("payments_user").on("payments").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("payments_payable").on("payments").columns(["payable_type", "payable_id"]).execute();
  await db.schema.createIndex("payments_status").on("payments").columns(["status", "updated_at"]).execute();

  await db.schema
    .createTable("idempotency_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('in_progress', 'completed')`))
    .addColumn("response_status", "integer")
    .addColumn("response_body", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("locked_at", timestamp, (c) => c.notNull())
    .addUniqueConstraint("idempotency_keys_user_key", ["user_id", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_created").on("idempotency_keys").column("created_at").execute();

  await db.schema
    .createTable("card_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("card_attempts_user").on("card_attempts").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("card_attempts_ip").on("card_attempts").columns(["ip", "created_at"]).execute();

  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("run_at", timestamp, (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull().check(sql`max_attempts >= 1`))
    .addColumn("last_error", "text")
    .addColumn("locked_at", timestamp)
    .addColumn("locked_by", "text")
    .addColumn("dedupe_key", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_due").on("jobs").columns(["status", "run_at"]).execute();
  await db.schema
    .createIndex("jobs_one_live_per_dedupe_key")
    .on("jobs")
    .column("dedupe_key")
    .unique()
    .where(sql<boolean>`dedupe_key is not null and status in ('queued', 'running')`)
    .execute();

  // The sandbox gateway keeps its state like a provider would: apart from ours, joined only by reference.
  await db.schema
    .createTable("sandbox_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("behaviour", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("last4", "text", (c) => c.notNull())
    .addColumn("exp_month", "integer", (c) => c.notNull())
    .addColumn("exp_year", "integer", (c) => c.notNull())
    .addColumn("holder_name", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("used_at", timestamp)
    .execute();
  await db.schema
    .createTable("sandbox_customers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("sandbox_cards")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "text", (c) => c.notNull().references("sandbox_customers.id"))
    .addColumn("behaviour", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("last4", "text", (c) => c.notNull())
    .addColumn("exp_month", "integer", (c) => c.notNull())
    .addColumn("exp_year", "integer", (c) => c.notNull())
    .addColumn("holder_name", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("deleted_at", timestamp)
    .execute();
  await db.schema
    .createTable("sandbox_charges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("card_id", "text", (c) => c.notNull().references("sandbox_cards.id"))
    .addColumn("amount", money, (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('succeeded', 'declined', 'requires_action')`))
    .addColumn("decline_reason", "text")
    .addColumn("return_url", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("sandbox_refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("charge_id", "text", (c) => c.notNull().references("sandbox_charges.id"))
    .addColumn("amount", money, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "sandbox_refunds",
    "sandbox_charges",
    "sandbox_cards",
    "sandbox_customers",
    "sandbox_tokens",
    "jobs",
    "card_attempts",
    "idempotency_keys",
    "payments",
    "payment_methods",
    "payment_customers",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
