/**
 * Issue 16 item 9: the bench's data at the size of a grown deployment, written by PostgreSQL
 * itself (`generate_series`), not through the API: drivers with a session and a saved card, two
 * vehicles each, ten settled visits each with their charge, and a finished job per visit. Ids are UUID-shaped md5 digests of
 * a prefix and the row number, so the rows reference each other without a lookup.
 */
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "../src/db/schema.ts";

/** The demo lot every generated stay was at (seeded with the demo data). */
const LOT = "7d1e5a10-0000-4000-8000-000000000101";

const uuidOf = (prefix: string, number: string) => sql.raw(`md5('${prefix}' || ${number})::uuid::text`);
/** An ISO-8601 UTC text timestamp `seconds` after 2025-01-01 (the storage rule of decision 0003). */
const isoAt = (seconds: string) =>
  sql.raw(`to_char(timestamp '2025-01-01' + (${seconds}) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface ScaleFigures {
  drivers: number;
  vehicles: number;
  visits: number;
  payments: number;
  jobs: number;
  seconds: number;
}

export function loadScaleData(database: Kysely<Database>, drivers: number): Promise<ScaleFigures> {
  return database.connection().execute((db) => loadOnOneConnection(db, drivers));
}

async function loadOnOneConnection(db: Kysely<Database>, drivers: number): Promise<ScaleFigures> {
  const started = Date.now();
  const vehicles = drivers * 2;
  const visits = drivers * 10;
  // Large inserts run faster without waiting for the WAL flush of each (this connection only).
  await sql`set synchronous_commit = off`.execute(db);
  await sql`
    insert into users (id, phone, locale, role, status, payment_methods_mx, payment_methods_us,
      sign_in_failures, registered_domain, created_at, updated_at)
    select ${uuidOf("user", "g")}, '+5230' || lpad(g::text, 8, '0'), 'es', 'driver', 'active', 1, 0, 0,
      'estaciona', ${isoAt("g")}, ${isoAt("g")}
    from generate_series(1, ${drivers}) g`.execute(db);
  // A session and a saved card per driver: the token check and the card lookups meet full tables too.
  await sql`
    insert into sessions (id, user_id, client_id, created_at, expires_at)
    select ${uuidOf("session", "g")}, ${uuidOf("user", "g")}, 'estaciona-web', ${isoAt("g")}, ${isoAt("g + 86400")}
    from generate_series(1, ${drivers}) g`.execute(db);
  await sql`
    insert into payment_methods (id, user_id, gateway, country, customer_ref, card_ref, brand, last4, exp_month,
      exp_year, is_default, free_flow, verified_at, created_at, updated_at)
    select ${uuidOf("card", "g")}, ${uuidOf("user", "g")}, 'sandbox', 'mx', 'cus_' || g, 'src_' || g, 'visa', '4242',
      12, 2030, 1, 0, ${isoAt("g")}, ${isoAt("g")}, ${isoAt("g")}
    from generate_series(1, ${drivers}) g`.execute(db);
  await sql`
    insert into vehicles (id, user_id, plate, state, country, created_at, updated_at)
    select ${uuidOf("vehicle", "g")}, ${uuidOf("user", "((g - 1) / 2 + 1)")}, 'S' || g, 'Nuevo León', 'mx',
      ${isoAt("g")}, ${isoAt("g")}
    from generate_series(1, ${vehicles}) g`.execute(db);
  await sql`
    insert into visits (id, user_id, vehicle_id, location_id, status, source, entered_at, paid_at,
      exit_deadline, subtotal, convenience_fee, processing_fee, tax, total, currency, created_at, updated_at)
    select ${uuidOf("visit", "g")}, ${uuidOf("user", `(((g - 1) % ${vehicles}) / 2 + 1)`)},
      ${uuidOf("vehicle", `((g - 1) % ${vehicles} + 1)`)}, ${LOT}, 'finished', 'app',
      ${isoAt("g * 3")}, ${isoAt("g * 3 + 5400")}, ${isoAt("g * 3 + 6300")}, 2000, 500, 73, 412, 2985, 'mxn',
      ${isoAt("g * 3")}, ${isoAt("g * 3 + 5400")}
    from generate_series(1, ${visits}) g`.execute(db);
  await sql`
    insert into payments (id, user_id, purpose, payable_type, payable_id, location_id, organisation_id, vehicle_id,
      kind, gateway, currency, subtotal, convenience_fee, processing_fee, tax, amount, status, provider_ref, description,
      created_at, updated_at)
    select ${uuidOf("payment", "g")}, ${uuidOf("user", `(((g - 1) % ${vehicles}) / 2 + 1)`)}, 'visit', 'visit',
      ${uuidOf("visit", "g")}, ${LOT}, (select organisation_id from locations where id = ${LOT}),
      ${uuidOf("vehicle", `((g - 1) % ${vehicles} + 1)`)}, 'charge', 'sandbox', 'mxn', 2000, 500, 73, 412, 2985, 'succeeded',
      'ch_' || g, 'Estacionamiento Parque Fundidora', ${isoAt("g * 3 + 5400")}, ${isoAt("g * 3 + 5400")}
    from generate_series(1, ${visits}) g`.execute(db);
  await sql`
    insert into jobs (id, kind, payload, run_at, status, attempts, max_attempts, created_at, updated_at)
    select ${uuidOf("job", "g")}, 'parking.visit_receipt', '{}', ${isoAt("g * 3 + 5400")}, 'succeeded', 1, 10,
      ${isoAt("g * 3 + 5400")}, ${isoAt("g * 3 + 5400")}
    from generate_series(1, ${visits}) g`.execute(db);
  await sql`analyze`.execute(db);
  return {
    drivers,
    vehicles,
    visits,
    payments: visits,
    jobs: visits,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}
