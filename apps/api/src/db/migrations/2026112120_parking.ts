import { type Kysely, sql } from "kysely";
import { money, timestamp } from "../column-types.ts";

/** Pay-per-stay visits and the gate, camera, meter and valet devices that report them (docs/product/parking.md). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("devices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("device_id", "text", (c) => c.notNull().unique())
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('gate', 'camera', 'meter', 'valet')`))
    .addColumn("direction", "text", (c) => c.notNull().check(sql`direction in ('entry', 'exit', 'both')`))
    // An HMAC of the device key; the key itself is shown once, when the device is registered.
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("visits")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("vehicle_id", "text", (c) => c.notNull().references("vehicles.id"))
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('inactive', 'in_progress', 'finished', 'pending_payment')`),
    )
    .addColumn("source", "text", (c) => c.notNull().check(sql`source in ('app', 'device')`))
    .addColumn("entry_device_id", "text", (c) => c.references("devices.id"))
    .addColumn("exit_device_id", "text", (c) => c.references("devices.id"))
    .addColumn("entered_at", timestamp)
    .addColumn("exited_at", timestamp)
    .addColumn("paid_at", timestamp)
    .addColumn("exit_deadline", timestamp)
    // The fee breakdown fixed when the visit is settled (paid, or free); null while it runs.
    .addColumn("subtotal", money, (c) => c.check(sql`subtotal >= 0`))
    .addColumn("convenience_fee", money, (c) => c.check(sql`convenience_fee >= 0`))
    .addColumn("processing_fee", money, (c) => c.check(sql`processing_fee >= 0`))
    .addColumn("tax", money, (c) => c.check(sql`tax >= 0`))
    .addColumn("total", money, (c) => c.check(sql`total >= 0`))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency in ('mxn', 'usd')`))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  // At most one open visit per vehicle (docs/product/parking.md): two simultaneous starts cannot both succeed.
  await db.schema
    .createIndex("visits_one_open_per_vehicle")
    .on("visits")
    .column("vehicle_id")
    .unique()
    .where(sql<boolean>`status in ('inactive', 'in_progress', 'pending_payment')`)
    .execute();
  await db.schema.createIndex("visits_user").on("visits").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("visits_location_status").on("visits").columns(["location_id", "status"]).execute();
  await db.schema.createIndex("visits_vehicle").on("visits").columns(["vehicle_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("visits").execute();
  await db.schema.dropTable("devices").execute();
}
