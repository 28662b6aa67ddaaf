import { type Kysely, sql } from "kysely";
import { timestamp } from "../column-types.ts";

/**
 * A message is claimed before it is sent (docs/decisions/0120): e-mail and SMS have no idempotency
 * of their own, so the unique key (what it is about, its kind, its channel) is what lets a job run
 * twice, or two workers at once, send it at most once. The claim then records the send's outcome.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("message_claims")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("message_key", "text", (c) => c.notNull().unique())
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('sms', 'whatsapp', 'email')`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('claimed', 'sent', 'failed', 'unknown')`))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_ref", "text")
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("claimed_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("message_claims_status").on("message_claims").columns(["status", "claimed_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("message_claims").execute();
}
