import { type Kysely, sql } from "kysely";
import { money, timestamp } from "../column-types.ts";

/** Events at venues, their series and event visits; valet tickets (docs/product/parking.md, docs/decisions/0030–0032). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("event_series")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addColumn("series_id", "text", (c) => c.references("event_series.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("starts_at", timestamp, (c) => c.notNull())
    .addColumn("ends_at", timestamp, (c) => c.notNull())
    .addColumn("places", "integer", (c) => c.notNull().check(sql`places >= 0`))
    // The subtotal the driver pays (net of tax), and the range they may choose it in when editable.
    .addColumn("suggested_amount", money, (c) => c.notNull().check(sql`suggested_amount >= 0`))
    .addColumn("amount_editable", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("min_amount", money, (c) => c.notNull().check(sql`min_amount >= 0`))
    .addColumn("max_amount", money, (c) => c.notNull().check(sql`max_amount >= min_amount`))
    .addColumn("sales_open_at", timestamp, (c) => c.notNull())
    .addColumn("sales_close_at", timestamp, (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('scheduled', 'cancelled')`))
    .addColumn("cancelled_at", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_location_start").on("events").columns(["location_id", "starts_at"]).execute();
  await db.schema.createIndex("events_series_start").on("events").columns(["series_id", "starts_at"]).execute();

  await db.schema
    .createTable("event_visits")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("event_id", "text", (c) => c.notNull().references("events.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("vehicle_id", "text", (c) => c.notNull().references("vehicles.id"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('inactive', 'in_progress', 'finished', 'pending_payment')`),
    )
    // 1 while the visit takes one of the event's places: paid or being paid (a declined purchase lets it go).
    .addColumn("holds_place", "integer", (c) => c.notNull())
    .addColumn("subtotal", money, (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn("convenience_fee", money, (c) => c.notNull().check(sql`convenience_fee >= 0`))
    .addColumn("processing_fee", money, (c) => c.notNull().check(sql`processing_fee >= 0`))
    .addColumn("tax", money, (c) => c.notNull().check(sql`tax >= 0`))
    .addColumn("total", money, (c) => c.notNull().check(sql`total >= 0`))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency in ('mxn', 'usd')`))
    .addColumn("paid_at", timestamp)
    .addColumn("entered_at", timestamp)
    .addColumn("entry_device_id", "text", (c) => c.references("devices.id"))
    .addColumn("refunded_at", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("event_visits_event").on("event_visits").columns(["event_id", "holds_place"]).execute();
  await db.schema.createIndex("event_visits_user").on("event_visits").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("valet_tickets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addColumn("device_id", "text", (c) => c.notNull().references("devices.id"))
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("plate", "text")
    // An HMAC of the claim token printed on the ticket's QR and sent in its link; shown once.
    .addColumn("claim_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.references("users.id"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('inactive', 'in_progress', 'finished', 'pending_payment')`),
    )
    .addColumn("car_status", "text", (c) =>
      c.notNull().check(sql`car_status in ('parked', 'requested', 'ready', 'delivered')`),
    )
    .addColumn("opened_at", timestamp, (c) => c.notNull())
    .addColumn("claimed_at", timestamp)
    .addColumn("paid_at", timestamp)
    .addColumn("requested_at", timestamp)
    .addColumn("ready_at", timestamp)
    .addColumn("delivered_at", timestamp)
    .addColumn("subtotal", money, (c) => c.check(sql`subtotal >= 0`))
    .addColumn("convenience_fee", money, (c) => c.check(sql`convenience_fee >= 0`))
    .addColumn("processing_fee", money, (c) => c.check(sql`processing_fee >= 0`))
    .addColumn("tax", money, (c) => c.check(sql`tax >= 0`))
    .addColumn("tip", money, (c) => c.check(sql`tip >= 0`))
    .addColumn("total", money, (c) => c.check(sql`total >= 0`))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency in ('mxn', 'usd')`))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  // One open ticket per number at a stand's location: the number is what the attendant reads out.
  await db.schema
    .createIndex("valet_tickets_open_number")
    .on("valet_tickets")
    .columns(["location_id", "number"])
    .unique()
    .where(sql<boolean>`car_status <> 'delivered'`)
    .execute();
  await db.schema
    .createIndex("valet_tickets_requests")
    .on("valet_tickets")
    .columns(["location_id", "car_status", "requested_at"])
    .execute();
  await db.schema.createIndex("valet_tickets_user").on("valet_tickets").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("valet_tickets").execute();
  await db.schema.dropTable("event_visits").execute();
  await db.schema.dropTable("events").execute();
  await db.schema.dropTable("event_series").execute();
}
