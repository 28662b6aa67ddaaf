import type { Kysely } from "kysely";

/**
 * Messages sent later (meter reminders, pass receipts and renewal notices) link back to the host
 * the driver bought on (docs/decisions/0062): a driver of us.localhost must not land on the
 * Mexican host, whose theme, language and card form are not theirs and whose storage holds no
 * session of theirs. Rows from before have none and use their location's host.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("meter_sessions").addColumn("origin", "text").execute();
  await db.schema.alterTable("subscriptions").addColumn("origin", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscriptions").dropColumn("origin").execute();
  await db.schema.alterTable("meter_sessions").dropColumn("origin").execute();
}
