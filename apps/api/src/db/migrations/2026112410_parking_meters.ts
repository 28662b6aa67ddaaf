import { type Kysely, sql } from "kysely";
import { money, timestamp } from "../column-types.ts";

/**
 * On-street parking meters (docs/product/parking.md): the zone of a meter location, the sessions drivers pay for
 * there, and each purchase of time (the first one and every extension), which is what the ledger
 * charges. The rules that must hold under concurrency are constraints: one zone per location, one
 * sign code and one meter device id per zone, one purchase in flight per session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("parking_meters")
    // The zone is its location: one zone per meter location (location_already_has_a_parking_meter).
    .addColumn("location_id", "text", (c) => c.primaryKey().references("locations.id"))
    .addColumn("zone_code", "text", (c) => c.notNull().unique())
    .addColumn("device_id", "text", (c) => c.notNull().unique())
    // GeoJSON: the area's outer ring, [[lng, lat], …].
    .addColumn("area", "text", (c) => c.notNull())
    .addColumn("rate_per_hour", money, (c) => c.notNull().check(sql`rate_per_hour >= 0`))
    .addColumn("min_minutes", "integer", (c) => c.notNull().check(sql`min_minutes >= 1`))
    .addColumn("max_minutes", "integer", (c) => c.notNull())
    // JSON: seven windows, Sunday first, each { open, close } in minutes after local midnight or null.
    .addColumn("hours", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addCheckConstraint("parking_meters_stays", sql`max_minutes >= min_minutes`)
    .execute();
  // The map asks for the meter locations inside a bounding box.
  await db.schema.createIndex("locations_kind_position").on("locations").columns(["kind", "lat", "lng"]).execute();

  await db.schema
    .createTable("meter_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("vehicle_id", "text", (c) => c.notNull().references("vehicles.id"))
    .addColumn("location_id", "text", (c) => c.notNull().references("parking_meters.location_id"))
    // The plate when the session was bought: what an officer's device checks.
    .addColumn("plate", "text", (c) => c.notNull())
    // pending: its first purchase is not paid yet; active: paid until ends_at; cancelled: never paid.
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'active', 'cancelled')`))
    .addColumn("started_at", timestamp, (c) => c.notNull())
    .addColumn("ends_at", timestamp, (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency in ('mxn', 'usd')`))
    // The end the reminder / the expiry notice went out for: a job that runs twice sends once.
    .addColumn("reminded_for", timestamp)
    .addColumn("expiry_noticed_for", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addCheckConstraint("meter_sessions_ends_after_start", sql`ends_at >= started_at`)
    .execute();
  await db.schema.createIndex("meter_sessions_user").on("meter_sessions").columns(["user_id", "ends_at"]).execute();
  await db.schema
    .createIndex("meter_sessions_plate")
    .on("meter_sessions")
    .columns(["plate", "location_id", "ends_at"])
    .execute();

  await db.schema
    .createTable("meter_purchases")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("session_id", "text", (c) => c.notNull().references("meter_sessions.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("minutes", "integer", (c) => c.notNull().check(sql`minutes >= 1`))
    // The session's paid-until before and after this purchase.
    .addColumn("ends_before", timestamp, (c) => c.notNull())
    .addColumn("ends_after", timestamp, (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'paid', 'failed')`))
    .addColumn("subtotal", money, (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn("convenience_fee", money, (c) => c.notNull().check(sql`convenience_fee >= 0`))
    .addColumn("processing_fee", money, (c) => c.notNull().check(sql`processing_fee >= 0`))
    .addColumn("tax", money, (c) => c.notNull().check(sql`tax >= 0`))
    .addColumn("total", money, (c) => c.notNull().check(sql`total > 0`))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addCheckConstraint(
      "meter_purchases_breakdown_sums",
      sql`total = subtotal + convenience_fee + processing_fee + tax`,
    )
    .execute();
  // One purchase in flight per session: two extensions at once cannot both be charged.
  await db.schema
    .createIndex("meter_purchases_one_pending")
    .on("meter_purchases")
    .column("session_id")
    .unique()
    .where(sql<boolean>`status = 'pending'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("meter_purchases").execute();
  await db.schema.dropTable("meter_sessions").execute();
  await db.schema.dropIndex("locations_kind_position").execute();
  await db.schema.dropTable("parking_meters").execute();
}
