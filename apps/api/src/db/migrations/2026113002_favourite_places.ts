import type { Kysely } from "kysely";

/**
 * The lots and meter zones a driver starred (issue 26 item 3, docs/decisions/0241): one row per
 * driver and place, so starring twice changes nothing. Recents need no table: they are read from
 * the driver's own paid stays and meter sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("favourite_places")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("favourite_places_pk", ["user_id", "location_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("favourite_places").execute();
}
