import { type Kysely, PostgresAdapter, sql } from "kysely";
import * as meterPositions from "./2026112810_meter_positions.ts";

/**
 * The meters map answers from its index alone on SQLite (issue 25 item 7, docs/decisions/0300).
 * The R*Tree `meter_positions` of migration 2026112810 gives way to `meter_map`, which holds, for
 * each active meter zone, its exact point and its map summary as JSON text, so a view reads one
 * virtual table: no join to `locations` and `parking_meters`, and one string a zone to hand back.
 * Triggers on both tables keep it, so no writer has to know it exists. PostgreSQL keeps its GiST
 * index and builds the same JSON in the query (apps/api/src/modules/meters/repository.ts).
 */

/** The zone's `MeterZoneSummary` (packages/contracts), from a location `l` and its zone `p`. */
const SUMMARY = `json_object('uuid', l.id, 'zone_code', p.zone_code, 'name', l.name, 'address', l.address,
  'coordinates', json_object('lat', l.lat, 'lng', l.lng), 'area', json(p.area), 'rate_per_hour', p.rate_per_hour,
  'currency', l.currency)`;
const MAP_ROWS = `insert into meter_map (min_lat, max_lat, min_lng, max_lng, location_id, lat, lng, summary)
  select l.lat, l.lat, l.lng, l.lng, l.id, l.lat, l.lng, ${SUMMARY}
  from locations l inner join parking_meters p on p.location_id = l.id
  where l.kind = 'meter' and l.active = 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const trigger of ["insert", "update", "delete"])
    await sql.raw(`drop trigger meter_positions_${trigger}`).execute(db);
  await sql`drop table meter_positions`.execute(db);
  await sql`create virtual table meter_map using rtree(id, min_lat, max_lat, min_lng, max_lng, +location_id, +lat, +lng, +summary)`.execute(
    db,
  );
  await sql.raw(MAP_ROWS).execute(db);
  // Edits are rare (an operator's): finding the row by its auxiliary column is a scan, which they can afford.
  const statements = {
    zone_insert: `after insert on parking_meters begin ${MAP_ROWS} and l.id = new.location_id; end`,
    zone_update: `after update on parking_meters begin
      delete from meter_map where location_id = old.location_id;
      ${MAP_ROWS} and l.id = new.location_id; end`,
    zone_delete: `after delete on parking_meters begin delete from meter_map where location_id = old.location_id; end`,
    location_update: `after update of id, kind, active, lat, lng, name, address, currency on locations
      when old.kind = 'meter' or new.kind = 'meter' begin
      delete from meter_map where location_id = old.id;
      ${MAP_ROWS} and l.id = new.id; end`,
    location_delete: `after delete on locations when old.kind = 'meter' begin
      delete from meter_map where location_id = old.id; end`,
  };
  for (const [name, body] of Object.entries(statements))
    await sql.raw(`create trigger meter_map_${name} ${body}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const name of ["zone_insert", "zone_update", "zone_delete", "location_update", "location_delete"])
    await sql.raw(`drop trigger meter_map_${name}`).execute(db);
  await sql`drop table meter_map`.execute(db);
  await meterPositions.up(db);
}
