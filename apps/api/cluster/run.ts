/**
 * `npm run test:cluster` (issue 16 item 6): Estaciona as production runs it — two API instances and
 * two job workers as separate processes on one PostgreSQL database and one Redis — under load,
 * with one instance and one worker killed (SIGKILL) mid-flight and restarted.
 *
 * 1. Sign-in limits across instances: 60 parallel code sends from one client address spread over
 *    both instances (cap: SIGN_IN_IP_MAX_PER_HOUR = 30), and 20 parallel sends for one phone from
 *    20 addresses (one code per 60 s).
 * 2. Drivers through the real flow: sign in, profile, a sandbox card (its verification charge and
 *    refund run on the workers), a vehicle, a stay at the demo lot, aged two hours so it costs.
 * 3. Pay every stay on instance A and, at the same moment, retry the same request (same
 *    Idempotency-Key) on instance B; halfway, kill instance B and worker 1, and start them again.
 *    A client that lost its connection retries with the same key, as the SPA does.
 * 4. Wait for the workers (reconciliation runs 30 s after an unresolved attempt), then check in the
 *    database: no stay charged twice, no stay both paid and unpaid, no payment left pending, no job
 *    failed or stuck, exactly one receipt per paid stay (messages are claimed before they are sent,
 *    docs/decisions/0120), every verification charge refunded; and that no live instance answered a 5xx.
 * 5. Pass renewals: every driver buys a weekly pass, all of them fall due at once, and the worker
 *    holding a renewal is killed mid-run and restarted. Every renewed period is charged exactly once
 *    and every charge's receipt reaches the driver exactly once; no message went out twice.
 *
 * The members run the production bundle (`apps/api/dist/*.mjs`, built first by
 * scripts/build-if-changed.mjs when the sources changed) under plain node, as the image does: four TypeScript compilers starting at
 * once on a busy machine did not answer in time (docs/decisions/0090).
 *
 * Needs PostgreSQL (CLUSTER_DATABASE_URL, else TEST_DATABASE_URL, else 127.0.0.1:5432/test) and
 * Redis (CLUSTER_REDIS_URL, else redis://127.0.0.1:6379/7 — that database is flushed). A database
 * of its own is created and dropped. Prints one line per check and `cluster: N passed, N failed`.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { ipOf, payUntilAnswered, phoneOf, prepareDriver } from "./drivers.ts";
import {
  apiA,
  apiB,
  baseUrl,
  call,
  check,
  checkSettled,
  database,
  databaseUrl,
  kill,
  lost,
  members,
  record,
  redisUrl,
  results,
  root,
  runNode,
  SIGN_IN_IP_CAP,
  serverErrors,
  sleep,
  start,
  worker1,
} from "./harness.ts";
import { renewPassesUnderAKill } from "./renewals.ts";

const DRIVERS = Number(process.env.CLUSTER_DRIVERS ?? 40);

async function main() {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
  const started = Date.now();
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    // The bundle as built (CI builds it once, and runs the runtime stage from it at the same time):
    // rebuilt only when the sources changed since.
    const build = spawn(process.execPath, ["scripts/build-if-changed.mjs"], { cwd: root, stdio: "inherit" });
    const built = await new Promise<number>((resolve) => build.on("exit", (code) => resolve(code ?? 1)));
    if (built !== 0) throw new Error("scripts/build-if-changed.mjs failed");
    const migrate = runNode("apps/api/dist/migrate.mjs", {});
    const migrated = await new Promise<number>((resolve) => migrate.on("exit", (code) => resolve(code ?? 1)));
    if (migrated !== 0) throw new Error("npm run migrate failed");
    await Promise.all(members.map(start));
    await db.connect();

    // 1. Sign-in limits hold across instances.
    const sameIp = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        call(index % 2 ? apiB : apiA, "POST", "/api/open/user", {
          body: { phone_number: phoneOf(index), domain: "estaciona" },
          ip: "203.0.113.7",
        }),
      ),
    );
    for (const answer of sameIp) record("open/user flood", answer);
    const perIp = sameIp.filter((answer) => answer.status === 200).length;
    check(
      "per-IP sign-in cap across two instances",
      perIp === SIGN_IN_IP_CAP,
      `${perIp} of 60 accepted (cap ${SIGN_IN_IP_CAP})`,
    );
    const samePhone = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(index % 2 ? apiB : apiA, "POST", "/api/open/user", {
          body: { phone_number: phoneOf(500), domain: "estaciona" },
          ip: ipOf(500 + index),
        }),
      ),
    );
    for (const answer of samePhone) record("open/user phone flood", answer);
    const perPhone = samePhone.filter((answer) => answer.status === 200).length;
    check("one code per phone per 60 s across two instances", perPhone === 1, `${perPhone} of 20 accepted`);

    // 2. Drivers with a card, a car and a stay (aged two hours, so it costs).
    const drivers = await Promise.all(Array.from({ length: DRIVERS }, (_, index) => prepareDriver(index)));
    check(
      "every driver saved a card",
      drivers.every((driver) => driver.cardStatus === 200 || driver.cardStatus === 201),
      `${drivers.filter((driver) => driver.cardStatus < 300).length} of ${DRIVERS}`,
    );
    await db.query(
      "update visits set entered_at = to_char((now() at time zone 'utc') - interval '2 hours', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') where id = any($1)",
      [drivers.map((driver) => driver.visitId)],
    );

    // 3. Pay on A and retry on B at once, same key; kill B and worker 1 halfway, then restart them.
    const half = Math.floor(DRIVERS / 2);
    const pays = drivers.map(async (driver, index) => {
      if (index >= half) await sleep(50 * (index - half));
      const key = randomUUID();
      return Promise.all([payUntilAnswered(driver, key, apiA), payUntilAnswered(driver, key, apiB)]);
    });
    await sleep(50);
    kill(apiB);
    kill(worker1);
    await sleep(2000);
    await Promise.all([start(apiB), start(worker1)]);
    const answers = await Promise.all(pays);
    const unanswered = answers.flat().filter((answer) => answer.lost).length;
    check(
      "every pay got an answer after retries",
      unanswered === 0,
      `${unanswered} left without one; ${lost.connections} connections lost to the kills and retried`,
    );

    // 4. Let the workers settle everything (reconciliation, refunds, receipts), then look.
    await checkSettled(db, "workers settled every payment and due job");

    const doubles = await db.query(
      "select payable_id, count(*) as n from payments where purpose = 'visit' and kind = 'charge' and status = 'succeeded' group by payable_id having count(*) > 1",
    );
    check("no stay charged twice", doubles.rowCount === 0, `${doubles.rowCount} stays with two successful charges`);
    const paidVisits = await db.query(
      `select v.id, v.status, (select count(*) from payments p where p.payable_id = v.id and p.purpose = 'visit' and p.kind = 'charge' and p.status = 'succeeded') as charges
         from visits v where v.id = any($1)`,
      [drivers.map((driver) => driver.visitId)],
    );
    const inconsistent = paidVisits.rows.filter((row) => (row.status === "finished") !== (Number(row.charges) === 1));
    const finished = paidVisits.rows.filter((row) => row.status === "finished").length;
    check(
      "no stay both paid and unpaid",
      inconsistent.length === 0,
      `${finished} of ${DRIVERS} paid, ${inconsistent.length} inconsistent`,
    );
    check("every stay paid", finished === DRIVERS, `${finished} of ${DRIVERS}`);
    const failedJobs = await db.query("select kind, last_error from jobs where status = 'failed'");
    check("no job failed", failedJobs.rowCount === 0, JSON.stringify(failedJobs.rows.slice(0, 3)));
    const receipts = await db.query(
      "select recipient, count(*) as n from outbox_messages where channel = 'email' and recipient = any($1) group by recipient",
      [drivers.map((driver) => driver.email)],
    );
    const receiptCounts = receipts.rows.map((row) => Number(row.n));
    check(
      "one receipt per paid stay",
      receipts.rowCount === finished && receiptCounts.every((n) => n === 1),
      `${receipts.rowCount} drivers e-mailed, at most ${Math.max(0, ...receiptCounts)} each`,
    );
    // A refunded verification charge is marked `refunded`; one still `succeeded` kept the driver's money.
    const unrefunded = await db.query(
      "select count(*) as n from payments where purpose = 'card_verification' and kind = 'charge' and status = 'succeeded'",
    );
    check(
      "every card verification charge refunded",
      Number(unrefunded.rows[0].n) === 0,
      `${unrefunded.rows[0].n} left`,
    );
    // A renewal cut off before its charge reached the gateway is retried at once (docs/decisions/0142).
    await renewPassesUnderAKill(db, drivers);
    check("no 5xx from a live instance", serverErrors.length === 0, serverErrors.slice(0, 3).join("; ") || "none");
  } finally {
    for (const member of members) kill(member);
    await db.end().catch(() => undefined);
    await sleep(500);
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.end();
  }
  const passed = results.filter((result) => result.ok).length;
  const failed = results.length - passed;
  mkdirSync(path.join(root, "test-results"), { recursive: true });
  writeFileSync(path.join(root, "test-results/cluster.json"), JSON.stringify({ passed, failed, results }, null, 2));
  console.info(`cluster run took ${Math.round((Date.now() - started) / 1000)} s`);
  console.info(`cluster: ${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
