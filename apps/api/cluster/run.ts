/**
 * `npm run test:cluster` (issue 16 item 6): Estaciona as production runs it — the API bundle under
 * plain node, two API instances and two job workers as separate processes on one PostgreSQL
 * database and one Redis, after `migrate` ran once — under load,
 * with one instance and one worker killed (SIGKILL) mid-flight and restarted.
 *
 * 1. Limits across instances: 60 parallel code sends from one client address spread over both
 *    instances (cap: SIGN_IN_IP_MAX_PER_HOUR = 30), 20 parallel sends for one phone from 20
 *    addresses (one code per 60 s) — counted in the answers and in the SMS actually sent — and
 *    API_CAP + 100 requests from one address (the API rate limit, shared in Redis).
 * 2. Drivers through the real flow: sign in, profile, a sandbox card (its verification charge and
 *    refund run on the workers), a vehicle, a stay at the demo lot, aged two hours so it costs.
 * 3. Pay every stay on instance A and, at the same moment, retry the same request (same
 *    Idempotency-Key) on instance B; kill instance B while charges are in flight (some then stay
 *    pending: the ledger's attempt written, the outcome never), and kill worker 1 the moment it
 *    holds a job; start them again. A client that lost its connection retries with the same key,
 *    as the SPA does.
 * 4. Wait for the workers (reconciliation runs 30 s after an unresolved attempt), then check in the
 *    database: no stay charged twice (in our ledger and at the gateway), no stay both paid and
 *    unpaid, every payment the kill left pending settled by reconciliation (a stay unpaid only then),
 *    every driver told what the ledger holds, no job failed or stuck, the job worker 1 held
 *    finished by another, one receipt per paid stay, every verification charge refunded exactly
 *    once; and that no live instance answered a 5xx.
 *
 * Needs PostgreSQL (CLUSTER_DATABASE_URL, else TEST_DATABASE_URL, else 127.0.0.1:5432/test) and
 * Redis (CLUSTER_REDIS_URL, else redis://127.0.0.1:6379/7 — that database is flushed). A database
 * of its own is created and dropped. Prints one line per check and `cluster: N passed, N failed`.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "../../..");
const baseUrl =
  process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.CLUSTER_REDIS_URL ?? "redis://127.0.0.1:6379/7";
const DRIVERS = Number(process.env.CLUSTER_DRIVERS ?? 40);
const SIGN_IN_IP_CAP = 30;
/** Requests per client address per minute, across both instances (the limit's counter is in Redis). */
const API_CAP = 400;
const FUNDIDORA = "7d1e5a10-0000-4000-8000-000000000101";
const database = `estaciona_cluster_${randomBytes(4).toString("hex")}`;
const databaseUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();

const common = {
  NODE_ENV: "test",
  APP_SECRET: "cluster-secret-cluster-secret-cluster!",
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  MIGRATE_AT_START: "false",
  SEED_DEMO: "true",
  TRUST_PROXY: "1",
  LOG_LEVEL: "error",
  WEB_DIST_DIR: "/nonexistent",
  SIGN_IN_IP_MAX_PER_HOUR: String(SIGN_IN_IP_CAP),
  API_IP_MAX_PER_MINUTE: String(API_CAP),
  CARD_ADD_MAX_PER_USER_PER_DAY: "1000",
  CARD_ADD_MAX_PER_IP_PER_HOUR: "1000000",
};

interface Member {
  name: string;
  env: Record<string, string>;
  child?: ChildProcess;
  /** Where it answers: an API port or a worker's metrics port. */
  probe: string;
}

const members: Member[] = [
  { name: "api-a", env: { PROCESS_ROLE: "api", PORT: "8301" }, probe: "http://127.0.0.1:8301/api/health" },
  { name: "api-b", env: { PROCESS_ROLE: "api", PORT: "8302" }, probe: "http://127.0.0.1:8302/api/health" },
  { name: "worker-1", env: { PROCESS_ROLE: "worker", METRICS_PORT: "9311" }, probe: "http://127.0.0.1:9311/metrics" },
  { name: "worker-2", env: { PROCESS_ROLE: "worker", METRICS_PORT: "9312" }, probe: "http://127.0.0.1:9312/metrics" },
];
const [apiA, apiB, worker1] = members as [Member, Member, Member, Member];
const apiUrl = (member: Member) => `http://127.0.0.1:${member.env.PORT}`;

const results: { name: string; ok: boolean; detail: string }[] = [];
function check(name: string, ok: boolean, detail: string) {
  results.push({ name, ok, detail });
  console.info(`${ok ? "✓" : "✗"} ${name}: ${detail}`);
}

/** The production bundle (`npm run build`'s API part), started with plain node as in the image. */
function runBundle(entry: "server" | "migrate", env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--enable-source-maps", `apps/api/dist/${entry}.mjs`], {
    cwd: root,
    env: { ...process.env, ...common, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function waitFor(url: string, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(member: Member) {
  member.child = runBundle("server", member.env);
  await waitFor(member.probe);
}

/** SIGKILL; resolves once the process is gone. */
function kill(member: Member): Promise<void> {
  const child = member.child;
  member.child = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGKILL");
  return gone;
}

/**
 * Kills an API instance with SIGKILL while a charge is in flight (a visit payment pending between
 * the two ledger transactions), so that, when it is the instance's own, it stays pending.
 */
async function killWhileCharging(member: Member, db: pg.Client): Promise<void> {
  const watchUntil = Date.now() + 15_000;
  while (Date.now() < watchUntil) {
    const pending = await db.query("select count(*) as n from payments where purpose = 'visit' and status = 'pending'");
    if (Number(pending.rows[0].n) >= 1) break;
  }
  await kill(member);
}

/**
 * Kills a worker with SIGKILL the moment it holds a job (its id is `host:pid:…`), and answers the
 * jobs it left running. A job can finish between the look and the kill: then the worker is started
 * again and watched anew, a few times.
 */
async function killHoldingAJob(member: Member, db: pg.Client): Promise<{ id: string; kind: string }[]> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const pid = member.child?.pid;
    const holding = `%:${pid}:%`;
    const watchUntil = Date.now() + 20_000;
    let seen = false;
    while (!seen && Date.now() < watchUntil) {
      const held = await db.query("select 1 from jobs where status = 'running' and locked_by like $1", [holding]);
      seen = (held.rowCount ?? 0) > 0;
    }
    await kill(member);
    // A statement it sent before dying still commits: only what is running after that is orphaned.
    await sleep(1000);
    const left = await db.query("select id, kind from jobs where status = 'running' and locked_by like $1", [holding]);
    if (left.rows.length > 0) return left.rows as { id: string; kind: string }[];
    await start(member);
  }
  return [];
}

interface Answer {
  status: number;
  body: unknown;
  /** The connection failed: the instance was killed under the request. */
  lost: boolean;
}

async function call(
  member: Member,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; ip?: string; key?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  if (options.key) headers["idempotency-key"] = options.key;
  try {
    const response = await fetch(`${apiUrl(member)}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, lost: false };
  } catch {
    lostConnections += 1;
    return { status: 0, body: null, lost: true };
  }
}

/** Requests whose connection died: the kills were felt mid-flight. */
let lostConnections = 0;

/** Answers from a live instance that were 5xx (a killed one's lost connections are not answers). */
const serverErrors: string[] = [];
function record(label: string, answer: Answer) {
  if (answer.status >= 500) serverErrors.push(`${label}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

const phoneOf = (index: number) => `+5281${String(5000000 + index).padStart(8, "0")}`;
const ipOf = (index: number) => `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`;

async function signIn(index: number) {
  const phone = phoneOf(index);
  const ip = ipOf(index);
  const sent = await call(index % 2 ? apiB : apiA, "POST", "/api/open/user", {
    body: { phone_number: phone, domain: "estaciona" },
    ip,
  });
  record("open/user", sent);
  const token = await call(index % 2 ? apiA : apiB, "POST", "/api/oauth/v2/token", {
    body: {
      grant_type: "sms",
      client_id: "estaciona-web",
      phone_number: phone,
      code: (sent.body as { data: string }).data,
    },
    ip,
  });
  record("token", token);
  return { phone, ip, token: (token.body as { access_token: string }).access_token };
}

async function prepareDriver(index: number) {
  const driver = await signIn(1000 + index);
  const api = index % 2 ? apiA : apiB;
  const email = `cluster.${index}.${randomUUID().slice(0, 8)}@example.com`;
  record(
    "user/edit",
    await call(api, "PUT", "/api/user/edit", {
      token: driver.token,
      ip: driver.ip,
      body: { first_name: "Carga", last_name: `Prueba ${index}`, email },
    }),
  );
  const tokenAnswer = await fetch(`${apiUrl(api)}/sandbox/v1/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      number: "4242424242424242",
      exp_month: "12",
      exp_year: "2031",
      cvc: "123",
      name: "Carga Prueba",
    }),
  }).then((response) => {
    record("sandbox token", { status: response.status, body: null, lost: false });
    return response.json() as Promise<{ id: string }>;
  });
  const card = await call(api, "POST", "/api/user/payment/method", {
    token: driver.token,
    ip: driver.ip,
    key: randomUUID(),
    body: { token: tokenAnswer.id },
  });
  record("payment/method", card);
  const plate = `CL${randomBytes(3).toString("hex").toUpperCase()}`;
  const vehicle = await call(api, "POST", "/api/user/vehicle", {
    token: driver.token,
    ip: driver.ip,
    body: { plate, state: "Nuevo León" },
  });
  record("user/vehicle", vehicle);
  const visit = await call(api, "POST", "/api/user/visit", {
    token: driver.token,
    ip: driver.ip,
    body: { location_uuid: FUNDIDORA, vehicle_uuid: (vehicle.body as { data: { uuid: string } }).data.uuid },
  });
  record("user/visit", visit);
  return { ...driver, email, cardStatus: card.status, visitId: (visit.body as { data: { uuid: string } }).data.uuid };
}

/**
 * Pays with one key until an instance answers for good, as a patient client would: a lost
 * connection is retried on the other instance, and 409 (the same request still in progress) is
 * retried until its owner answers or, when its owner was killed, the key is taken over (two
 * minutes, payments/idempotency.ts).
 */
async function payUntilAnswered(driver: { token: string; ip: string; visitId: string }, key: string, first: Member) {
  let member = first;
  const giveUpAt = Date.now() + 180_000;
  while (Date.now() < giveUpAt) {
    const answer = await call(member, "POST", `/api/user/visit/${driver.visitId}/pay`, {
      token: driver.token,
      ip: driver.ip,
      key,
      body: {},
    });
    record("pay", answer);
    if (!answer.lost && answer.status !== 409 && answer.status !== 503) return answer;
    member = member === apiA ? apiB : apiA;
    await sleep(answer.lost ? 300 : 2000);
  }
  return { status: 0, body: null, lost: true };
}

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
    execFileSync(process.execPath, ["scripts/build-api.mjs"], { cwd: root, stdio: "inherit" });
    const migrate = runBundle("migrate", {});
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
    // What a driver's phone receives, not only what the API answered.
    const texts = await db.query(
      "select count(*) filter (where recipient <> $2) as flood, count(*) filter (where recipient = $2) as phone from outbox_messages where channel = 'sms' and recipient = any($1)",
      [[...Array.from({ length: 60 }, (_, index) => phoneOf(index)), phoneOf(500)], phoneOf(500)],
    );
    const [sentFlood, sentPhone] = [Number(texts.rows[0].flood), Number(texts.rows[0].phone)];
    check(
      "SMS sent within the sign-in caps",
      sentFlood === SIGN_IN_IP_CAP && sentPhone === 1,
      `${sentFlood} codes sent to the one address's phones (cap ${SIGN_IN_IP_CAP}), ${sentPhone} to the one phone`,
    );
    const apiFlood = await Promise.all(
      Array.from({ length: API_CAP + 100 }, (_, index) =>
        call(index % 2 ? apiB : apiA, "GET", "/api/open/host", { ip: "203.0.113.99" }),
      ),
    );
    for (const answer of apiFlood) record("open/host flood", answer);
    const withinApiCap = apiFlood.filter((answer) => answer.status === 200).length;
    check(
      "API rate limit across two instances",
      withinApiCap === API_CAP && apiFlood.every((answer) => answer.status === 200 || answer.status === 429),
      `${withinApiCap} of ${API_CAP + 100} answered (cap ${API_CAP} a minute)`,
    );

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
    await killWhileCharging(apiB, db);
    // A live charge is pending for milliseconds, reconciliation waits 30 s: a visit payment pending
    // now and five seconds later was the killed instance's, its outcome never recorded.
    const pendingNow = async () =>
      (
        await db.query(
          "select id from payments where purpose = 'visit' and status = 'pending' and payable_id = any($1)",
          [drivers.map((driver) => driver.visitId)],
        )
      ).rows.map((row) => row.id as string);
    const firstLook = await pendingNow();
    await sleep(5000);
    const pendingIds = (await pendingNow()).filter((id) => firstLook.includes(id));
    const orphaned = await killHoldingAJob(worker1, db);
    await Promise.all([start(apiB), start(worker1)]);
    const answers = await Promise.all(pays);
    const unanswered = answers.flat().filter((answer) => answer.lost).length;
    check(
      "the kill cut requests mid-flight",
      lostConnections > 0,
      `${lostConnections} connections lost to the kill of api-b and retried`,
    );
    check("every pay got an answer after retries", unanswered === 0, `${unanswered} left without one`);
    check(
      "worker 1 killed holding a job",
      orphaned.length > 0,
      `${orphaned.length} job(s) left running by it: ${orphaned.map((job) => job.kind).join(", ")}`,
    );
    // Whether the kill lands between a charge's two transactions is a matter of milliseconds: said,
    // not checked (the checks below hold either way, and settle what it left).
    console.info(`  the kill of api-b left ${pendingIds.length} visit payment(s) pending`);

    // 4. Let the workers settle everything (reconciliation, refunds, receipts), then look.
    const deadline = Date.now() + 120_000;
    let open = -1;
    while (Date.now() < deadline) {
      const pending = await db.query(
        "select (select count(*) from payments where status in ('pending')) + (select count(*) from jobs where status in ('queued', 'running') and run_at <= to_char(now() at time zone 'utc', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')) as open",
      );
      open = Number(pending.rows[0].open);
      if (open === 0) break;
      await sleep(1000);
    }
    const stuck = await db.query(
      "select 'payment' as what, id, purpose as kind, status from payments where status = 'pending' union all select 'job', id, kind, status from jobs where status in ('queued', 'running') and run_at <= to_char(now() at time zone 'utc', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')",
    );
    check(
      "workers settled every payment and due job",
      open === 0,
      `${open} still open after the wait ${JSON.stringify(stuck.rows.slice(0, 4))}`,
    );

    const settled = await db.query("select status from payments where id = any($1)", [pendingIds]);
    check(
      "reconciliation settled every payment the kill left pending",
      settled.rows.every((row) => row.status !== "pending"),
      `${pendingIds.length} left pending by the kill, now ${JSON.stringify(settled.rows.map((row) => row.status))}`,
    );
    const reclaimed = await db.query("select kind, status, attempts from jobs where id = any($1)", [
      orphaned.map((job) => job.id),
    ]);
    check(
      "the job worker 1 held was finished by another",
      reclaimed.rows.length === orphaned.length && reclaimed.rows.every((row) => row.status === "succeeded"),
      JSON.stringify(reclaimed.rows),
    );

    const doubles = await db.query(
      "select payable_id, count(*) as n from payments where purpose = 'visit' and kind = 'charge' and status = 'succeeded' group by payable_id having count(*) > 1",
    );
    check("no stay charged twice", doubles.rowCount === 0, `${doubles.rowCount} stays with two successful charges`);
    // The gateway's side: money taken and not given back, per stay, is one charge for a paid stay
    // and none for an unpaid one, whatever our ledger says.
    const atGateway = await db.query(
      `select v.id, v.status, count(c.id) filter (where c.status = 'succeeded' and r.id is null) as kept
         from visits v
         left join payments p on p.payable_id = v.id and p.purpose = 'visit' and p.kind = 'charge'
         left join sandbox_charges c on c.reference = p.id
         left join sandbox_refunds r on r.charge_id = c.id
        where v.id = any($1) group by v.id, v.status`,
      [drivers.map((driver) => driver.visitId)],
    );
    const gatewayWrong = atGateway.rows.filter((row) => Number(row.kept) !== (row.status === "finished" ? 1 : 0));
    check(
      "the gateway kept one charge per paid stay and none per unpaid one",
      atGateway.rowCount === DRIVERS && gatewayWrong.length === 0,
      `${gatewayWrong.length} stays wrong ${JSON.stringify(gatewayWrong.slice(0, 3))}`,
    );
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
    // An attempt the kill orphaned is settled by reconciliation; when the gateway never charged it,
    // it is failed, and a retry under its key replays that failure: the stay stays payable.
    const orphanedStays = await db.query("select payable_id from payments where id = any($1)", [pendingIds]);
    const orphanedStayIds = new Set(orphanedStays.rows.map((row) => row.payable_id as string));
    const unpaid = paidVisits.rows.filter((row) => row.status !== "finished").map((row) => row.id as string);
    check(
      "a stay is left unpaid only when the kill orphaned its charge",
      unpaid.every((id) => orphanedStayIds.has(id)),
      `${finished} of ${DRIVERS} paid; ${unpaid.length} unpaid, ${unpaid.filter((id) => !orphanedStayIds.has(id)).length} of them not orphaned`,
    );
    // Both retry loops of a stay end with the same verdict, and it is the ledger's.
    const paidIds = new Set(paidVisits.rows.filter((row) => row.status === "finished").map((row) => row.id as string));
    const misled = drivers.filter((driver, index) => {
      const statuses = (answers[index] ?? []).map((answer) => answer.status);
      return paidIds.has(driver.visitId)
        ? !statuses.every((status) => status >= 200 && status < 300)
        : !statuses.every((status) => status >= 400 && status < 500);
    });
    check(
      "every driver was told what the ledger holds",
      misled.length === 0,
      `${misled.length} told otherwise ${JSON.stringify(misled.slice(0, 2).map((driver) => answers[drivers.indexOf(driver)]?.map((a) => a.status)))}`,
    );
    const failedJobs = await db.query("select kind, last_error from jobs where status = 'failed'");
    check("no job failed", failedJobs.rowCount === 0, JSON.stringify(failedJobs.rows.slice(0, 3)));
    const receipts = await db.query(
      "select recipient, count(*) as n from outbox_messages where channel = 'email' and recipient = any($1) group by recipient",
      [drivers.map((driver) => driver.email)],
    );
    // Known gap (decision 0090): a receipt job killed after its e-mail left and before it was marked
    // done is run again by another worker, and nothing dedupes the e-mail. That one stay may have two;
    // any other second receipt fails the check.
    const interrupted = await db.query(
      "select payload from jobs where id = any($1) and kind = 'parking.visit_receipt'",
      [orphaned.map((job) => job.id)],
    );
    const interruptedVisits = new Set(
      interrupted.rows.map((row) => (JSON.parse(row.payload) as { visitId: string }).visitId),
    );
    const interruptedEmails = new Set(
      drivers.filter((driver) => interruptedVisits.has(driver.visitId)).map((driver) => driver.email),
    );
    const extra = receipts.rows.filter((row) => Number(row.n) > (interruptedEmails.has(row.recipient) ? 2 : 1));
    const resent = receipts.rows.filter((row) => interruptedEmails.has(row.recipient) && Number(row.n) === 2).length;
    check(
      "one receipt per paid stay (the interrupted receipt job's stay at most two)",
      receipts.rowCount === finished && extra.length === 0,
      `${receipts.rowCount} drivers e-mailed, ${extra.length} with a receipt too many, ${resent} resent by the interrupted job`,
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
    const refundedTwice = await db.query(
      "select c.id from sandbox_charges c join sandbox_refunds r on r.charge_id = c.id group by c.id, c.amount having count(*) > 1 or sum(r.amount) > c.amount",
    );
    check("no charge refunded twice at the gateway", refundedTwice.rowCount === 0, `${refundedTwice.rowCount} charges`);
    check("no 5xx from a live instance", serverErrors.length === 0, serverErrors.slice(0, 3).join("; ") || "none");
  } finally {
    await Promise.all(members.map(kill));
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
