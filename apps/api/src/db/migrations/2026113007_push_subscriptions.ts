import { type Kysely, sql } from "kysely";
import { timestamp } from "../column-types.ts";

/**
 * Web Push as a reminder channel and the card-expiry reminder (issue 26 item 2, docs/decisions/0290
 * and 0291):
 * - `push_subscriptions`: one row per browser install (its push service endpoint, unique) with the
 *   keys RFC 8291 encrypts to, bound to the driver and the sign-in session that made it, so a
 *   log-out removes that device's row;
 * - `reminder_claims`: a reminder's key claimed before it is sent, so two workers, or a job run
 *   twice, send it once whatever channel the driver picks in between;
 * - `reminder_preferences.channel` accepts `push`. The table has no foreign key pointing at it, so
 *   it is rebuilt with the new CHECK on both engines (SQLite cannot alter a CHECK).
 */
const CHANNELS = (channels: string[]) => sql`channel in (${sql.join(channels.map((channel) => sql.lit(channel)))})`;

async function rebuildPreferences(db: Kysely<unknown>, channels: string[]): Promise<void> {
  await db.schema
    .createTable("reminder_preferences_next")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id"))
    .addColumn("channel", "text", (c) => c.notNull().check(CHANNELS(channels)))
    .addColumn("lead_minutes", "integer", (c) => c.notNull().check(sql`lead_minutes in (5, 10, 15, 30)`))
    .addColumn("quiet_start", "integer")
    .addColumn("quiet_end", "integer")
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await sql`insert into reminder_preferences_next (user_id, channel, lead_minutes, quiet_start, quiet_end, updated_at)
    select user_id, case when ${CHANNELS(channels)} then channel else 'sms' end, lead_minutes, quiet_start, quiet_end, updated_at
    from reminder_preferences`.execute(db);
  await db.schema.dropTable("reminder_preferences").execute();
  await db.schema.alterTable("reminder_preferences_next").renameTo("reminder_preferences").execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    // The sign-in session that subscribed: its log-out removes this device.
    .addColumn("session_id", "text", (c) => c.notNull())
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();
  await db.schema.createIndex("push_subscriptions_session").on("push_subscriptions").column("session_id").execute();
  await db.schema
    .createTable("reminder_claims")
    .addColumn("reminder_key", "text", (c) => c.primaryKey())
    .addColumn("claimed_at", timestamp, (c) => c.notNull())
    .execute();
  await rebuildPreferences(db, ["sms", "whatsapp", "email", "push"]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuildPreferences(db, ["sms", "whatsapp", "email"]);
  await db.schema.dropTable("reminder_claims").execute();
  await db.schema.dropTable("push_subscriptions").execute();
}
