import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The meters map's spatial index (issue 25 item 7, docs/decisions/0177). SQLite: an R*Tree of the
 * meter zones' points, kept by triggers on `locations` so no writer has to know it exists; it
 * stores 32-bit floats rounded outwards, so the map's query keeps its exact box filter on the
 * row. PostgreSQL: a GiST index on the point (built in, no extension), only over meter zones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index locations_meter_point on locations using gist (point(lng, lat)) where kind = 'meter'`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table meter_positions using rtree(id, min_lat, max_lat, min_lng, max_lng, +location_id)`.execute(
    db,
  );
  await sql`insert into meter_positions (min_lat, max_lat, min_lng, max_lng, location_id)
    select lat, lat, lng, lng, id from locations where kind = 'meter'`.execute(db);
  await sql`create trigger meter_positions_insert after insert on locations when new.kind = 'meter' begin
    insert into meter_positions (min_lat, max_lat, min_lng, max_lng, location_id) values (new.lat, new.lat, new.lng, new.lng, new.id);
  end`.execute(db);
  // Moves and deletes are rare (an operator edits a zone): finding the row by its auxiliary column is a scan, which they can afford.
  await sql`create trigger meter_positions_update after update of id, kind, lat, lng on locations begin
    delete from meter_positions where location_id = old.id;
    insert into meter_positions (min_lat, max_lat, min_lng, max_lng, location_id)
      select new.lat, new.lat, new.lng, new.lng, new.id where new.kind = 'meter';
  end`.execute(db);
  await sql`create trigger meter_positions_delete after delete on locations when old.kind = 'meter' begin
    delete from meter_positions where location_id = old.id;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index locations_meter_point`.execute(db);
    return;
  }
  for (const trigger of ["insert", "update", "delete"])
    await sql.raw(`drop trigger meter_positions_${trigger}`).execute(db);
  await sql`drop table meter_positions`.execute(db);
}
