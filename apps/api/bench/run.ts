/**
 * `npm run bench`: the hot paths of the real app under load (issue 2 item 10).
 *
 * The server runs in a child process (as in production: the load generator must not share its
 * event loop), on a fresh temporary SQLite file and, when DATABASE_URL or TEST_DATABASE_URL is
 * set, again on PostgreSQL in a schema of its own that is dropped afterwards. For each engine,
 * autocannon drives 10 connections for a few seconds against:
 *   (a) GET /api/user/view, a driver with 3 vehicles (token check + session/user query + vehicles query);
 *   (b) the refresh grant, each connection chaining its own rotated refresh token (reusing a token
 *       would revoke its family, RFC 9700);
 *   (c) a bare Fastify route in the same process running the same user-with-vehicles queries on
 *       the same database, without authentication or schema validation: the floor for (a);
 *   (d) GET /api/user/visit/{uuid}/quote, the live price of an open stay (issue 5);
 *   (e) POST /api/user/visit/{uuid}/pay, the whole charge path: fee, ledger attempt, the sandbox
 *       gateway's charge, the outcome and the visit settled (issues 4 and 5). A visit is paid once,
 *       so every request pays another visit of a pool of parked vehicles, with its own key;
 *   (f) a bare route in the same process running one transaction that locks a visit and updates
 *       it, nothing else: the floor of any write path (issue 16 item 8);
 *   (i) a bare route running exactly the minimum for paying a stay (docs/product/money.md): the first transaction
 *       (lock the stay, the pending attempt, the idempotency row), the sandbox gateway's charge,
 *       the second transaction (outcome, stay paid, kept answer, receipt job): the floor of (e),
 *       which must reach 70 % of it (issue 25 item 6; reference-routes.ts).
 *   (g) GET /api/open/meters, the meters map's one bounding-box query, over a city of 10,000 meter
 *       zones, for a view of about 1 km² (≈ 120 zones answered; issue 12).
 * On PostgreSQL it then measures user/view, quote and pay against one instance and against two
 * sharing the database (issue 16 item 7; BENCH_TWO_INSTANCES=0 skips it).
 * BENCH_ONLY=view,bare,refresh,quote,pay,floor,locked,zones picks the single-instance targets; BENCH_PROFILE=<dir> writes the
 * server's CPU profile there (`--cpu-prof`; open it in Chrome's DevTools or speedscope).
 * Each target is measured in BENCH_ROUNDS (3) interleaved slices; the best slice is reported.
 * It prints requests/s, p50 and p99 per target and engine, and (a) as a share of (c) — by the
 * clock, and by the server process's own CPU time per request, which other programs on a shared
 * machine do not change (a busy neighbour slows the clock figures, not the CPU cost of a request).
 */
import type { Measure } from "./load.ts";
import { printTable } from "./report.ts";
import { measureScale } from "./scale-run.ts";
import { type Engine, SCALE_DRIVERS } from "./settings.ts";
import { measureEngine } from "./single-instance.ts";
import { measureTwoInstances } from "./two-instances.ts";

async function main(): Promise<void> {
  if (SCALE_DRIVERS > 0) return measureScale();
  const engines: Engine[] = ["sqlite"];
  if (process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL) engines.push("postgres");
  const measures: Measure[] = [];
  for (const engine of engines) measures.push(...(await measureEngine(engine)));
  if (engines.includes("postgres") && process.env.BENCH_TWO_INSTANCES !== "0")
    measures.push(...(await measureTwoInstances()));
  printTable(measures);
}

await main();
