import { type Kysely, PostgresAdapter, sql } from "kysely";
import * as meterPositions from "./2026112810_meter_positions.ts";

/**
 * The meters map answers from its index alone on SQLite (issue 25 item 7, docs/decisions/0300).
 * The R*Tree `meter_positions` of migration 2026112810 gives way to `meter_map`, which holds, for
 * each active meter zone, its exact point and its map summary as JSON text, so a view reads one
 * virtual table: no join to `locations` and `parking_meters`, and one string a zone to hand back.
 * Triggers on both tables keep it, so no writer has to know it exists. PostgreSQL gets the same
 * table, a plain one with a GiST index on the point, kept by PL/pgSQL triggers.
 */

/** The zone's `MeterZoneSummary` (packages/contracts), from a location `l` and its zone `p`. */
const SUMMARY = `json_object('uuid', l.id, 'zone_code', p.zone_code, 'name', l.name, 'address', l.address,
  'coordinates', json_object('lat', l.lat, 'lng', l.lng), 'area', json(p.area), 'rate_per_hour', p.rate_per_hour,
  'currency', l.currency)`;
const MAP_ROWS = `insert into meter_map (min_lat, max_lat, min_lng, max_lng, location_id, lat, lng, summary)
  select l.lat, l.lat, l.lng, l.lng, l.id, l.lat, l.lng, ${SUMMARY}
  from locations l inner join parking_meters p on p.location_id = l.id
  where l.kind = 'meter' and l.active = 1`;

/** The zone's summary in PostgreSQL's words, from a location `l` and its zone `p`. */
const SUMMARY_ON_POSTGRES = `json_build_object('uuid', l.id, 'zone_code', p.zone_code, 'name', l.name,
  'address', l.address, 'coordinates', json_build_object('lat', l.lat, 'lng', l.lng), 'area', p.area::json,
  'rate_per_hour', p.rate_per_hour, 'currency', l.currency)::text`;

async function upOnPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table meter_map (location_id text primary key, lat real not null, lng real not null, summary text not null)`.execute(
    db,
  );
  await sql`create index meter_map_point on meter_map using gist (point(lng, lat))`.execute(db);
  await sql
    .raw(`create function meter_map_refresh(zone text) returns void language sql as $$
    delete from meter_map where location_id = zone;
    insert into meter_map (location_id, lat, lng, summary)
      select l.id, l.lat, l.lng, ${SUMMARY_ON_POSTGRES}
      from locations l inner join parking_meters p on p.location_id = l.id
      where l.id = zone and l.kind = 'meter' and l.active = 1;
  $$`)
    .execute(db);
  await sql
    .raw(`insert into meter_map (location_id, lat, lng, summary)
    select l.id, l.lat, l.lng, ${SUMMARY_ON_POSTGRES}
    from locations l inner join parking_meters p on p.location_id = l.id
    where l.kind = 'meter' and l.active = 1`)
    .execute(db);
  // A zone's row changes with its zone (insert, update, delete) and with its meter location's edits.
  const triggers = {
    parking_meters: { events: "insert or update or delete", key: "location_id", guard: "true" },
    locations: { events: "update or delete", key: "id", guard: "old.kind = 'meter' or new.kind = 'meter'" },
  };
  for (const [table, { events, key, guard }] of Object.entries(triggers)) {
    await sql
      .raw(`create function meter_map_on_${table}() returns trigger language plpgsql as $$ begin
      if tg_op = 'DELETE' then perform meter_map_refresh(old.${key}); return null; end if;
      if not (${guard}) then return null; end if;
      if tg_op = 'UPDATE' and old.${key} <> new.${key} then perform meter_map_refresh(old.${key}); end if;
      perform meter_map_refresh(new.${key});
      return null;
    end $$`)
      .execute(db);
    await sql
      .raw(`create trigger meter_map_${table} after ${events} on ${table}
      for each row execute function meter_map_on_${table}()`)
      .execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return upOnPostgres(db);
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
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of ["parking_meters", "locations"]) {
      await sql.raw(`drop trigger meter_map_${table} on ${table}`).execute(db);
      await sql.raw(`drop function meter_map_on_${table}`).execute(db);
    }
    await sql`drop function meter_map_refresh`.execute(db);
    await sql`drop table meter_map`.execute(db);
    return;
  }
  for (const name of ["zone_insert", "zone_update", "zone_delete", "location_update", "location_delete"])
    await sql.raw(`drop trigger meter_map_${name}`).execute(db);
  await sql`drop table meter_map`.execute(db);
  await meterPositions.up(db);
}
