/**
 * Issue 16 item 9, issue 25 item 8: the bench's data at the size of a grown deployment, written by
 * PostgreSQL itself (`generate_series`), not through the API: drivers with a session and a saved
 * card, two vehicles each, ten settled visits each with their charge, and a finished job per visit,
 * spread over the year before the generation. Ids are UUID-shaped md5 digests of a prefix and the
 * row number, so the rows reference each other without a lookup.
 *
 * The data is kept (schema `bench_scale_<drivers>`, decision 0337): a second run finds the
 * `bench_scale` row written when the generation finished, counts the tables against it and reuses them.
 */
import { statfsSync } from "node:fs";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "../src/db/schema.ts";

/** The demo lot every generated stay was at (seeded with the demo data). */
export const LOT = "7d1e5a10-0000-4000-8000-000000000101";
/**
 * The demo lot where the scale run parks and pays its own pool of stays (decision 0349): not the
 * generated lot, whose open stays and money the console's Today screen measures; a pool there
 * counted as open stays, and each run of the kept schema left another (0346).
 */
export const POOL_LOT = "7d1e5a10-0000-4000-8000-000000000103";
/**
 * What one generated driver takes on disk with its rows and their indexes (measured at 100,000
 * drivers, decision 0337), and the room the index builds and the WAL need on top, as a factor.
 */
const BYTES_PER_DRIVER = 30_000;
const HEADROOM = 1.5;
const YEAR_SECONDS = 365 * 86_400;

const uuidOf = (prefix: string, number: string) => sql.raw(`md5('${prefix}' || ${number})::uuid::text`);

export interface ScaleFigures {
  drivers: number;
  /** Rows per generated table, as counted at this run. */
  rows: Record<string, number>;
  /** Seconds each table took to generate (insert and index builds); empty when reused. */
  secondsPerTable: Record<string, number>;
  reused: boolean;
  seconds: number;
}

/** The generated tables and how many rows each holds per driver. */
const ROWS_PER_DRIVER = { users: 1, sessions: 1, payment_methods: 1, vehicles: 2, visits: 10, payments: 10, jobs: 10 };
type Table = keyof typeof ROWS_PER_DRIVER;

export const scaleSchemaOf = (drivers: number) => `bench_scale_${drivers}`;

export function prepareScaleData(database: Kysely<Database>, drivers: number): Promise<ScaleFigures> {
  return database.connection().execute((db) => prepareOnOneConnection(db, drivers));
}

async function prepareOnOneConnection(db: Kysely<Database>, drivers: number): Promise<ScaleFigures> {
  const started = Date.now();
  await sql`create table if not exists bench_scale (drivers integer not null, generated_at text not null, seconds text not null)`.execute(
    db,
  );
  const done = await sql<{ drivers: number; seconds: string }>`select drivers, seconds from bench_scale`.execute(db);
  const finished = done.rows[0];
  if (finished) {
    if (finished.drivers !== drivers) throw new Error(`bench_scale holds ${finished.drivers} drivers, not ${drivers}`);
    const rows = await countRows(db, drivers);
    print(`Reusing the kept data (${drivers} drivers), generated in ${finished.seconds}.`);
    await removeEarlierPools(db);
    return { drivers, rows, secondsPerTable: {}, reused: true, seconds: Math.round((Date.now() - started) / 1000) };
  }
  // The first generated driver without the row written at the end: a run stopped half-way.
  const leftOver = await sql`select 1 from users where id = ${uuidOf("user", "1")}`.execute(db);
  if (leftOver.rows.length > 0)
    throw new Error("This schema holds an unfinished generation: run again with BENCH_SCALE_DROP=1 to start over.");
  await checkFreeDisk(db, drivers);
  const secondsPerTable = await generate(db, drivers);
  // A year of ledger written behind the closing job's back, into days it had closed: they are cut
  // again from the ledger (decision 0349). The app only ever writes a row at the instant it writes it.
  await sql`delete from revenue_closings`.execute(db);
  await sql`delete from revenue_days`.execute(db);
  const rows = await countRows(db, drivers);
  await sql`insert into bench_scale (drivers, generated_at, seconds) values (${drivers}, ${new Date().toISOString()}, ${JSON.stringify(secondsPerTable)})`.execute(
    db,
  );
  return { drivers, rows, secondsPerTable, reused: false, seconds: Math.round((Date.now() - started) / 1000) };
}

/**
 * The stays earlier runs parked at the generated lot and never paid (before their pool had a lot of
 * its own): nobody's data, and they made the lot's open stays grow by a pool per run (decision 0346).
 */
async function removeEarlierPools(db: Kysely<Database>): Promise<void> {
  const removed = await sql`
    delete from visits where location_id = ${LOT} and status = 'in_progress'
      and user_id in (select id from users where email like 'bench.payer.%@example.com')`.execute(db);
  if (removed.numAffectedRows) print(`Removed ${removed.numAffectedRows} open stays earlier runs left at the lot.`);
}

/** Refuses to start a generation that the database's disk cannot hold. */
async function checkFreeDisk(db: Kysely<Database>, drivers: number): Promise<void> {
  const needed = drivers * BYTES_PER_DRIVER * HEADROOM;
  const directory = await sql<{
    data_directory: string;
  }>`select current_setting('data_directory') as data_directory`.execute(db);
  const path = directory.rows[0]?.data_directory ?? "";
  let free: number;
  try {
    const stats = statfsSync(path);
    free = stats.bavail * stats.bsize;
  } catch {
    if (process.env.BENCH_SCALE_DISK_CHECKED === "1") return;
    throw new Error(
      `Cannot read the free disk of PostgreSQL's data directory (${path}) from here; the generation needs about ` +
        `${gigabytes(needed)}. Check it yourself, then run again with BENCH_SCALE_DISK_CHECKED=1.`,
    );
  }
  print(`Free disk at ${path}: ${gigabytes(free)}; the generation needs about ${gigabytes(needed)}.`);
  if (free < needed)
    throw new Error(
      `Not enough free disk for ${drivers} drivers: ${gigabytes(free)} free, about ${gigabytes(needed)} needed.`,
    );
}

async function generate(db: Kysely<Database>, drivers: number): Promise<Record<string, number>> {
  const vehicles = drivers * 2;
  const visits = drivers * 10;
  // The stays fill the year before now, one every `step` seconds, each paid 90 minutes after it began.
  const step = YEAR_SECONDS / visits;
  const from = Date.now() - YEAR_SECONDS * 1000 - 3 * 3600_000;
  const isoAt = (seconds: string) =>
    sql.raw(
      `to_char(timestamp '${new Date(from).toISOString().slice(0, 19)}' + (${seconds}) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    );
  const at = (g: string) => `(${g}) * ${step}`;
  // Large inserts run faster without waiting for the WAL flush of each (this connection only), with
  // room to sort the index builds, and without the foreign keys' per-row checks: the rows reference
  // each other by construction. That mode skips every trigger, so it is used only while the generated
  // tables have none of their own, and it needs a superuser; otherwise the checks run.
  await sql`set synchronous_commit = off`.execute(db);
  await sql`set maintenance_work_mem = '512MB'`.execute(db);
  const triggers = await sql<{ count: string }>`
    select count(*) as count from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and not t.tgisinternal and c.relname in (${sql.join(Object.keys(ROWS_PER_DRIVER))})`.execute(
    db,
  );
  try {
    if (Number(triggers.rows[0]?.count) > 0) throw new Error("triggers");
    await sql`set session_replication_role = replica`.execute(db);
  } catch {
    print("(a generated table has a trigger, or this is not a superuser: the foreign keys are checked row by row)");
  }
  const statements: Record<Table, ReturnType<typeof sql>> = {
    users: sql`
      insert into users (id, phone, locale, role, status, payment_methods_mx, payment_methods_us,
        sign_in_failures, registered_domain, created_at, updated_at)
      select ${uuidOf("user", "g")}, '+5230' || lpad(g::text, 8, '0'), 'es', 'driver', 'active', 1, 0, 0,
        'estaciona', ${isoAt("g")}, ${isoAt("g")}
      from generate_series(1, ${drivers}) g`,
    // A session and a saved card per driver: the token check and the card lookups meet full tables too.
    sessions: sql`
      insert into sessions (id, user_id, client_id, created_at, expires_at)
      select ${uuidOf("session", "g")}, ${uuidOf("user", "g")}, 'estaciona-web', ${isoAt("g")}, ${isoAt(`g + ${YEAR_SECONDS * 2}`)}
      from generate_series(1, ${drivers}) g`,
    payment_methods: sql`
      insert into payment_methods (id, user_id, gateway, country, customer_ref, card_ref, brand, last4, exp_month,
        exp_year, is_default, free_flow, verified_at, created_at, updated_at)
      select ${uuidOf("card", "g")}, ${uuidOf("user", "g")}, 'sandbox', 'mx', 'cus_' || g, 'src_' || g, 'visa', '4242',
        12, 2030, 1, 0, ${isoAt("g")}, ${isoAt("g")}, ${isoAt("g")}
      from generate_series(1, ${drivers}) g`,
    vehicles: sql`
      insert into vehicles (id, user_id, plate, state, country, created_at, updated_at)
      select ${uuidOf("vehicle", "g")}, ${uuidOf("user", "((g - 1) / 2 + 1)")}, 'S' || g, 'Nuevo León', 'mx',
        ${isoAt("g")}, ${isoAt("g")}
      from generate_series(1, ${vehicles}) g`,
    visits: sql`
      insert into visits (id, user_id, vehicle_id, location_id, status, source, entered_at, paid_at,
        exit_deadline, subtotal, convenience_fee, processing_fee, tax, total, currency, created_at, updated_at)
      select ${uuidOf("visit", "g")}, ${uuidOf("user", `(((g - 1) % ${vehicles}) / 2 + 1)`)},
        ${uuidOf("vehicle", `((g - 1) % ${vehicles} + 1)`)}, ${LOT}, 'finished', 'app',
        ${isoAt(at("g"))}, ${isoAt(`${at("g")} + 5400`)}, ${isoAt(`${at("g")} + 6300`)}, 2000, 500, 73, 412, 2985, 'mxn',
        ${isoAt(at("g"))}, ${isoAt(`${at("g")} + 5400`)}
      from generate_series(1, ${visits}) g`,
    payments: sql`
      insert into payments (id, user_id, purpose, payable_type, payable_id, location_id, organisation_id, vehicle_id,
        kind, gateway, rail, currency, subtotal, convenience_fee, processing_fee, tax, amount, status, provider_ref, description,
        created_at, updated_at)
      select ${uuidOf("payment", "g")}, ${uuidOf("user", `(((g - 1) % ${vehicles}) / 2 + 1)`)}, 'visit', 'visit',
        ${uuidOf("visit", "g")}, ${LOT}, (select organisation_id from locations where id = ${LOT}),
        ${uuidOf("vehicle", `((g - 1) % ${vehicles} + 1)`)}, 'charge', 'sandbox', 'card', 'mxn', 2000, 500, 73, 412, 2985, 'succeeded',
        'ch_' || g, 'Estacionamiento Parque Fundidora', ${isoAt(`${at("g")} + 5400`)}, ${isoAt(`${at("g")} + 5400`)}
      from generate_series(1, ${visits}) g`,
    jobs: sql`
      insert into jobs (id, kind, payload, run_at, status, attempts, max_attempts, created_at, updated_at)
      select ${uuidOf("job", "g")}, 'parking.visit_receipt', '{}', ${isoAt(`${at("g")} + 5400`)}, 'succeeded', 1, 10,
        ${isoAt(`${at("g")} + 5400`)}, ${isoAt(`${at("g")} + 5400`)}
      from generate_series(1, ${visits}) g`,
  };
  const secondsPerTable: Record<string, number> = {};
  for (const [table, statement] of Object.entries(statements) as [Table, ReturnType<typeof sql>][]) {
    const started = Date.now();
    const rows = drivers * ROWS_PER_DRIVER[table];
    print(`Generating ${rows} ${table}…`);
    // A table's secondary indexes are built once after its rows, not kept up row by row (the
    // unique ones stay: the app's ON CONFLICT clauses need them, and they check the ids).
    const secondary = await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = ${table} and indexdef not like 'CREATE UNIQUE%'`.execute(db);
    for (const index of secondary.rows) await sql`drop index ${sql.id(index.name)}`.execute(db);
    await statement.execute(db);
    const inserted = Date.now();
    for (const index of secondary.rows) await sql.raw(index.definition).execute(db);
    // Vacuumed as well as analysed, as autovacuum would have done to rows this old: an index-only
    // read (the console's revenue, docs/decisions/0346) skips the heap only for pages the
    // visibility map marks all-visible, and the planner costs it by how many are.
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
    secondsPerTable[table] = Math.round((Date.now() - started) / 100) / 10;
    print(
      `  ${table}: ${secondsPerTable[table]} s (rows ${Math.round((inserted - started) / 1000)} s, ` +
        `${secondary.rows.length} indexes ${Math.round((Date.now() - inserted) / 1000)} s)`,
    );
  }
  await sql`set session_replication_role = origin`.execute(db);
  return secondsPerTable;
}

/** Every generated table's rows, checked against what the generation writes (the bench's own rows come on top). */
async function countRows(db: Kysely<Database>, drivers: number): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  const size = await sql<{ bytes: string }>`
    select sum(pg_total_relation_size(c.oid)) as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'`.execute(db);
  print(`The schema takes ${gigabytes(Number(size.rows[0]?.bytes ?? 0))} with its indexes.`);
  for (const [table, perDriver] of Object.entries(ROWS_PER_DRIVER)) {
    const counted = await sql<{ count: string }>`select count(*) as count from ${sql.table(table)}`.execute(db);
    rows[table] = Number(counted.rows[0]?.count ?? 0);
    if (rows[table] < drivers * perDriver)
      throw new Error(
        `${table} holds ${rows[table]} rows, fewer than the ${drivers * perDriver} generated: run again with BENCH_SCALE_DROP=1.`,
      );
  }
  return rows;
}

const gigabytes = (bytes: number) => `${(bytes / 1e9).toFixed(1)} GB`;
const print = (line: string) => process.stdout.write(`${line}\n`);
