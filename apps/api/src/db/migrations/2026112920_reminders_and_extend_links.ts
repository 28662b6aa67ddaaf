import { type Kysely, sql } from "kysely";
import { timestamp } from "../column-types.ts";

/**
 * Reminders the driver controls (issue 26 item 2, docs/decisions/0195): one row of preferences
 * per driver (channel, lead time, quiet hours; no row means the defaults), and the single-purpose
 * extend links a reminder carries: the random token is kept only as its SHA-256, bound to the
 * driver, the meter session, the card and the time still allowed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reminder_preferences")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id"))
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('sms', 'whatsapp', 'email')`))
    .addColumn("lead_minutes", "integer", (c) => c.notNull().check(sql`lead_minutes in (5, 10, 15, 30)`))
    // Minutes after midnight on the clock of the place the reminder is about; both null: no quiet hours.
    .addColumn("quiet_start", "integer")
    .addColumn("quiet_end", "integer")
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("extend_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("session_id", "text", (c) => c.notNull())
    .addColumn("payment_method_id", "text", (c) => c.notNull())
    // The end the session may be paid up to (its zone's maximum stay from its start).
    .addColumn("allowed_until", timestamp, (c) => c.notNull())
    // The session's end when the link was made: the link works until then.
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .addColumn("used_at", timestamp)
    .addColumn("used_key", "text")
    .addColumn("revoked_at", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("extend_links_user").on("extend_links").columns(["user_id", "revoked_at"]).execute();
  await db.schema.createIndex("extend_links_card").on("extend_links").column("payment_method_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("extend_links").execute();
  await db.schema.dropTable("reminder_preferences").execute();
}
