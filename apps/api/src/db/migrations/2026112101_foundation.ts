import { type Kysely, sql } from "kysely";
import { money, timestamp } from "../column-types.ts";

/** Hosts, users, vehicles, sign-in and sessions, the message outbox, organisations and locations. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("organisations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("contact_email", "text")
    .addColumn("contact_phone", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("oauth_clients")
    .addColumn("client_id", "text", (c) => c.primaryKey())
    .addColumn("client_secret", "text", (c) => c.notNull())
    .addColumn("is_public", "integer", (c) => c.notNull().check(sql`is_public in (0, 1)`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("hosts")
    .addColumn("hostname", "text", (c) => c.primaryKey())
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0).check(sql`is_default in (0, 1)`))
    .addColumn("organisation_id", "text", (c) => c.references("organisations.id"))
    .addColumn("theme", "text", (c) => c.notNull().check(sql`theme in ('isisa', 'freeflow', 'estaciona')`))
    .addColumn("domain", "text", (c) => c.notNull().check(sql`domain in ('estaciona', 'freeflow')`))
    .addColumn("subdomain", "text")
    .addColumn("country", "text", (c) => c.notNull().check(sql`country in ('mx', 'us')`))
    .addColumn("force_spanish", "integer", (c) => c.notNull().defaultTo(0).check(sql`force_spanish in (0, 1)`))
    .addColumn("login_text_es", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("login_text_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("width", "integer", (c) => c.notNull().defaultTo(250))
    .addColumn("map_lat", "real", (c) => c.notNull())
    .addColumn("map_lng", "real", (c) => c.notNull())
    .addColumn("map_zoom", "real", (c) => c.notNull())
    .addColumn("privacy_url_en", "text")
    .addColumn("brand_name", "text", (c) => c.notNull())
    .addColumn("primary_color", "text", (c) => c.notNull())
    .addColumn("logo", "text", (c) => c.notNull())
    .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("client_id", "text", (c) => c.notNull().references("oauth_clients.client_id"))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("hosts_one_default")
    .on("hosts")
    .column("is_default")
    .unique()
    .where(sql.ref("is_default"), "=", 1)
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("email", "text")
    .addColumn("email_verified_at", timestamp)
    .addColumn("student_id", "text")
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("es").check(sql`locale in ('es', 'en')`))
    .addColumn("role", "text", (c) => c.notNull().defaultTo("driver").check(sql`role in ('driver', 'admin')`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active").check(sql`status in ('active', 'suspended')`))
    .addColumn("free_flow_activation", "text")
    .addColumn("payment_methods_mx", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`payment_methods_mx in (0, 1)`),
    )
    .addColumn("payment_methods_us", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`payment_methods_us in (0, 1)`),
    )
    .addColumn("sign_in_failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sign_in_paused_until", timestamp)
    .addColumn("registered_domain", "text", (c) => c.notNull().defaultTo("estaciona"))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("deleted_at", timestamp)
    .execute();
  // One active account per phone and per e-mail; a deleted account frees both.
  await db.schema
    .createIndex("users_phone_active")
    .on("users")
    .column("phone")
    .unique()
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("users_email_active")
    .on("users")
    .column("email")
    .unique()
    .where(sql<boolean>`deleted_at is null and email is not null`)
    .execute();

  await db.schema
    .createTable("vehicles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("plate", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull().check(sql`country in ('mx', 'us')`))
    .addColumn("brand", "text")
    .addColumn("model", "text")
    .addColumn("year", "integer")
    .addColumn("color", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("deleted_at", timestamp)
    .execute();
  // A plate is on at most one active account (docs/product/parking.md, vehicle_already_exist).
  await db.schema
    .createIndex("vehicles_plate_active")
    .on("vehicles")
    .column("plate")
    .unique()
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
  await db.schema.createIndex("vehicles_user").on("vehicles").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("login_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("code_hmac", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .addColumn("wrong_tries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("consumed_at", timestamp)
    .execute();
  await db.schema.createIndex("login_codes_phone").on("login_codes").columns(["phone", "created_at"]).execute();
  await db.schema.createIndex("login_codes_ip").on("login_codes").columns(["ip", "created_at"]).execute();

  await db.schema
    .createTable("email_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("code_hmac", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .addColumn("wrong_tries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("consumed_at", timestamp)
    .execute();
  await db.schema.createIndex("email_codes_phone").on("email_codes").columns(["phone", "created_at"]).execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .addColumn("revoked_at", timestamp)
    .addColumn("revoked_reason", "text")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("session_id", "text", (c) => c.notNull().references("sessions.id"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("used_at", timestamp)
    .execute();
  await db.schema.createIndex("refresh_tokens_session").on("refresh_tokens").column("session_id").execute();

  await db.schema
    .createTable("outbox_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('sms', 'whatsapp', 'email')`))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("provider_ref", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("outbox_recipient").on("outbox_messages").columns(["recipient", "created_at"]).execute();

  await db.schema
    .createTable("locations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organisation_id", "text", (c) => c.notNull().references("organisations.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("lat", "real", (c) => c.notNull())
    .addColumn("lng", "real", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull().check(sql`country in ('mx', 'us')`))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency in ('mxn', 'usd')`))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('lot', 'meter', 'venue', 'valet')`))
    .addColumn("is_freeflow", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("grace_minutes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_period_minutes", "integer", (c) => c.notNull().defaultTo(60))
    .addColumn("first_period_price", money, (c) => c.notNull().defaultTo(0).check(sql`first_period_price >= 0`))
    .addColumn("increment_minutes", "integer", (c) => c.notNull().defaultTo(60))
    .addColumn("increment_price", money, (c) => c.notNull().defaultTo(0).check(sql`increment_price >= 0`))
    .addColumn("daily_max", money)
    .addColumn("tax_rate_bp", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("convenience_rate_bp", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("convenience_fixed", money, (c) => c.notNull().defaultTo(0))
    .addColumn("card_rate_bp", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("card_fixed", money, (c) => c.notNull().defaultTo(0))
    .addColumn("capacity", "integer")
    .addColumn("exit_window_minutes", "integer", (c) => c.notNull().defaultTo(15))
    .addColumn("invoice_window_days", "integer", (c) => c.notNull().defaultTo(30))
    .addColumn("email_domain", "text")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("locations_organisation").on("locations").column("organisation_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "locations",
    "outbox_messages",
    "refresh_tokens",
    "sessions",
    "email_codes",
    "login_codes",
    "vehicles",
    "users",
    "hosts",
    "oauth_clients",
    "organisations",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
