import type { Kysely } from "kysely";
import { timestamp } from "../column-types.ts";

/**
 * What became of a message after the provider accepted it (issue 23, docs/decisions/0244): Twilio's
 * status callbacks record `delivered`, `undelivered`, `failed`… on the outbox row of the message they
 * name (its `provider_ref`, Twilio's MessageSid), with Twilio's error code when there is one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox_messages").addColumn("delivery_status", "text").execute();
  await db.schema.alterTable("outbox_messages").addColumn("delivery_error", "text").execute();
  await db.schema.alterTable("outbox_messages").addColumn("delivery_updated_at", timestamp).execute();
  await db.schema
    .createIndex("outbox_messages_provider_ref")
    .on("outbox_messages")
    .columns(["provider", "provider_ref"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_messages_provider_ref").execute();
  for (const column of ["delivery_updated_at", "delivery_error", "delivery_status"])
    await db.schema.alterTable("outbox_messages").dropColumn(column).execute();
}
