import { type Kysely, sql } from "kysely";

/**
 * The console lists an organisation's event series (docs/decisions/0049): a series belongs to the
 * organisation that created it. Existing series take the organisation of their first event's venue;
 * one with no event yet stays with none (no operator lists it; the platform's seed owns it again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("event_series")
    .addColumn("organisation_id", "text", (c) => c.references("organisations.id"))
    .execute();
  await sql`
    update event_series set organisation_id = (
      select locations.organisation_id from events
      join locations on locations.id = events.location_id
      where events.series_id = event_series.id
      order by events.created_at, events.id
      limit 1
    )`.execute(db);
  await db.schema
    .createIndex("event_series_organisation")
    .on("event_series")
    .columns(["organisation_id", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("event_series_organisation").execute();
  await db.schema.alterTable("event_series").dropColumn("organisation_id").execute();
}
