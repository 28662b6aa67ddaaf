/**
 * `npm run bench:map`: the meters map's answer from its spatial index against the query it replaced
 * (issue 25 item 7, docs/decisions/0177, 0300, 0336), on a city of 10,000 zones (a 100 × 100 grid 100 m apart),
 * over 1,000 distinct random views of 0.5–2 km, on SQLite and, when TEST_DATABASE_URL or
 * DATABASE_URL is set, on PostgreSQL (a schema of its own, dropped after).
 *
 * Both queries run in this process on the same database, each view asked of one then the other
 * so both see the same load, three rounds (each query's best round kept); nothing caches an answer (the app has no cache on this query, and each view is
 * asked once per round). Every view's whole answer is compared first: the same zones in the same order.
 * It prints the time of 1,000 views, the mean and the p50/p99 of one view, and the ratio.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MAX_ZONES_IN_VIEW } from "@estaciona/contracts/schemas/meters";
import { sql } from "kysely";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../src/db/database.ts";
import { prepareDatabase } from "../src/db/prepare.ts";
import type { BoundingBox } from "../src/modules/meters/map-repository.ts";
import { listZones } from "../src/modules/meters/zones.ts";
import {
  answerOfOldRows,
  insertZoneGrid,
  listZonesInBoxBeforeIndex,
  randomViews,
} from "../test/support/meter-fixtures.ts";

/** The report goes to stdout (the lint keeps console out of the code). */
const print = (text: string) => process.stdout.write(`${text}\n`);
const ORIGIN = { lat: 40, lng: 10 };
const VIEWS = Number(process.env.BENCH_MAP_VIEWS ?? 1000);
const ROUNDS = 3;

type Query = (handle: DatabaseHandle, box: BoundingBox) => Promise<unknown>;
/** The old query's rows, not yet presented nor serialised: the old route did more than this for a view. */
const before: Query = (handle, box) => listZonesInBoxBeforeIndex(handle.db, box, MAX_ZONES_IN_VIEW + 1);
/** The route's whole answer, ready to send (docs/decisions/0336). */
const after: Query = (handle, box) => listZones(handle.db, box, null);

/** One round: each view asked of both queries back to back, so both see the same load on a shared machine. */
async function timeRound(handle: DatabaseHandle, views: BoundingBox[]) {
  const each = { before: [] as number[], after: [] as number[] };
  const cpu = { before: 0, after: 0 };
  for (const view of views)
    for (const [label, query] of [
      ["before", before],
      ["after", after],
    ] as const) {
      const start = process.hrtime.bigint();
      const startCpu = process.cpuUsage();
      await query(handle, view);
      const used = process.cpuUsage(startCpu);
      cpu[label] += (used.user + used.system) / 1e3;
      each[label].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  return { before: summarise(each.before, cpu.before), after: summarise(each.after, cpu.after) };
}

/**
 * The clock's figures, and the CPU time this process spent: on a shared machine the clock counts
 * the waits for a core, which cost either query alike; the CPU time does not (it is the whole
 * query on SQLite, only the client's part on PostgreSQL).
 */
function summarise(each: number[], cpu: number) {
  const total = each.reduce((sum, ms) => sum + ms, 0);
  each.sort((a, b) => a - b);
  const at = (share: number) => each[Math.min(each.length - 1, Math.floor(share * each.length))] ?? 0;
  return { total, cpu, mean: total / each.length, p50: at(0.5), p99: at(0.99) };
}
type Timing = ReturnType<typeof summarise>;

async function benchEngine(name: string, handle: DatabaseHandle) {
  await prepareDatabase(handle, { seedDemo: true });
  await insertZoneGrid(handle.db, { count: 10_000, origin: ORIGIN });
  if (handle.engine === "postgres") await sql`analyze`.execute(handle.db);
  const views = randomViews(VIEWS, { origin: ORIGIN, side: 0.1, seed: 25 });
  let zones = 0;
  for (const view of views) {
    const old = await listZonesInBoxBeforeIndex(handle.db, view, MAX_ZONES_IN_VIEW + 1);
    const now = await listZones(handle.db, view, null);
    zones += old.length;
    // Parsed and written again by JSON.stringify, so only the values count, not how each engine writes a number.
    if (JSON.stringify(answerOfOldRows(old)) !== JSON.stringify(JSON.parse(now.text)))
      throw new Error(`${name}: the indexed query answered other zones for ${JSON.stringify(view)}`);
  }
  let old: Timing | undefined;
  let now: Timing | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const run = await timeRound(handle, views);
    if (!old || run.before.total < old.total) old = run.before;
    if (!now || run.after.total < now.total) now = run.after;
    print(
      `${name.padEnd(10)} | round ${round + 1}: clock ${(run.before.total / run.after.total).toFixed(2)}×, p50 ${(run.before.p50 / run.after.p50).toFixed(2)}×, this process's CPU ${(run.before.cpu / run.after.cpu).toFixed(2)}× (${run.before.cpu.toFixed(0)} → ${run.after.cpu.toFixed(0)} ms)`,
    );
  }
  if (!old || !now) return;
  const row = (label: string, m: Timing) =>
    `${name.padEnd(10)} | ${label.padEnd(22)} | ${m.total.toFixed(0).padStart(7)} ms | ${m.mean.toFixed(3)} ms | ${m.p50.toFixed(3)} ms | ${m.p99.toFixed(3)} ms`;
  print(row("before (btree, all)", old));
  print(row("index, answer as text", now));
  print(
    `${name.padEnd(10)} | ${(old.total / now.total).toFixed(2)}× faster (best rounds, clock); identical answers on ${views.length} views (${(zones / views.length).toFixed(0)} zones a view on average)`,
  );
}

print(`engine     | query                  | ${VIEWS} views | mean      | p50       | p99`);
const dir = mkdtempSync(path.join(tmpdir(), "estaciona-bench-map-"));
const sqlite = openDatabase({ engine: "sqlite", file: path.join(dir, "bench.sqlite") });
try {
  await benchEngine("sqlite", sqlite);
} finally {
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });
}
const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (url) {
  const schema = `bench_map_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const postgres = openDatabase({ engine: "postgres", url, schema });
  try {
    await benchEngine("postgres", postgres);
  } finally {
    await postgres.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
