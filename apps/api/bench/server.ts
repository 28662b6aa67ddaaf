/**
 * The bench's server process (`npm run bench` forks it; see run.ts): the real app on a fresh
 * SQLite file or PostgreSQL schema, with the bench's drivers, parked stays and reference routes,
 * answering the load generator's questions over IPC.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeJwt } from "jose";
import { CompiledQuery } from "kysely";
import pg from "pg";
import { type App, buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/database.ts";
import { newOpaqueToken, sha256 } from "../src/lib/crypto.ts";
import { newId } from "../src/lib/ids.ts";
import { isoAfter, nowIso } from "../src/lib/time.ts";
import { insertRefreshToken, insertSession } from "../src/modules/auth/repository.ts";
import { closeRevenueDays } from "../src/modules/payments/ledger.ts";
import { DEMO_FUNDIDORA_ID } from "../src/seed/demo/locations.ts";
import { createSignedInUser } from "../test/support/helpers.ts";
import { insertZoneGrid } from "../test/support/meter-fixtures.ts";
import { createOperator } from "../test/support/operator-fixtures.ts";
import { saveSandboxCard } from "../test/support/parking-fixtures.ts";
import { insertDueJobs, registerClaimRoute } from "./claim-route.ts";
import { type ReferenceSubjects, registerReferenceRoutes } from "./reference-routes.ts";
import { LOT, POOL_LOT, prepareScaleData } from "./scale.ts";
import {
  CLIENT_ID,
  CONNECTIONS,
  type Engine,
  PAY_POOL,
  type Plan,
  POOL_SIZE,
  REFRESH_RUNS,
  type Ready,
  SCALE_DRIVERS,
  SCALE_DROP,
  SCALE_DUE_JOBS,
  ZONE_GRID,
} from "./settings.ts";

/** This run's plates (a kept schema holds the earlier runs' ones, unique while active). */
const RUN_TAG = Date.now().toString(36).slice(-4).toUpperCase();

/** `keptSchema`: the scale run's generated data (scale.ts), kept after the run and reused by the next. */
async function serve(engine: Engine, keptSchema?: string): Promise<void> {
  const postgresUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), "estaciona-bench-"));
  const schema = keptSchema ?? `bench_${randomBytes(6).toString("hex")}`;
  let database: DatabaseHandle;
  // In the scale run, the distinct statements the hot paths send, each with its first parameters.
  const captured = new Map<string, readonly unknown[]>();
  let capturing = false;
  const onStatement = (statement: string, parameters: readonly unknown[]) => {
    if (capturing && !captured.has(statement)) captured.set(statement, parameters);
  };
  if (engine === "postgres") {
    if (!postgresUrl) throw new Error("postgres needs DATABASE_URL or TEST_DATABASE_URL");
    if (keptSchema && SCALE_DROP) await adminQuery(postgresUrl, `drop schema if exists ${schema} cascade`);
    await adminQuery(postgresUrl, `create schema if not exists ${schema}`);
    database = openDatabase({ engine: "postgres", url: postgresUrl, schema, poolSize: POOL_SIZE, onStatement });
  } else {
    database = openDatabase({ engine: "sqlite", file: path.join(dataDir, "bench.sqlite") });
  }

  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // The demo lots are where (d) and (e) park.
    SEED_DEMO: "true",
    // The scale run keeps the worker too: the job queue's claim is one of its hot paths.
    PROCESS_ROLE: SCALE_DRIVERS ? "all" : "api",
    WEB_DIST_DIR: "/nonexistent",
    // One client address sends everything here; the per-IP limits are not what is measured.
    API_IP_MAX_PER_MINUTE: "100000000",
    SIGN_IN_IP_MAX_PER_HOUR: "100000000",
  });
  const app = await buildApp({ config, database, logger: false });

  // Routes must be added before the app is ready (the first inject below); their subjects come later.
  let subjects: ReferenceSubjects | undefined;
  registerReferenceRoutes(app, () => {
    if (!subjects) throw new Error("the references were called before the bench signed its drivers in");
    return subjects;
  });
  if (SCALE_DRIVERS) registerClaimRoute(app);

  // A driver signed in through the real flow (sandbox SMS answers the code), with 3 vehicles.
  // A kept schema (scale.ts) already has the last run's drivers and plates: each run brings its own.
  const phone = `+5281${String(Date.now() % 1e8).padStart(8, "0")}`;
  const registered = await app.inject({
    method: "POST",
    url: "/api/open/user",
    payload: { phone_number: phone, domain: "estaciona" },
  });
  const signedIn = await app.inject({
    method: "POST",
    url: "/api/oauth/v2/token",
    payload: { grant_type: "sms", client_id: CLIENT_ID, phone_number: phone, code: registered.json().data },
  });
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
  const accessToken: string = signedIn.json().access_token;
  const headers = { authorization: `Bearer ${accessToken}` };
  for (const [plate, state] of [
    [`B${RUN_TAG}01`, "Nuevo León"],
    [`B${RUN_TAG}02`, "Jalisco"],
    [`B${RUN_TAG}03`, "Texas"],
  ]) {
    const added = await app.inject({ method: "POST", url: "/api/user/vehicle", headers, payload: { plate, state } });
    if (added.statusCode !== 201) throw new Error(`vehicle failed: ${added.body}`);
  }
  const view = await app.inject({ method: "GET", url: "/api/user/view", headers });
  const userId: string = view.json().data.uuid;

  // One refresh-token family per connection and run, as separate sign-ins would leave (the sign-in
  // limits allow five codes per phone per 10 minutes, so the families are written directly).
  const refreshTokens: string[] = [];
  for (let family = 0; family < CONNECTIONS * REFRESH_RUNS; family++) {
    const sessionId = newId();
    const refreshToken = newOpaqueToken();
    await insertSession(app.db, {
      id: sessionId,
      user_id: userId,
      client_id: CLIENT_ID,
      created_at: nowIso(),
      expires_at: isoAfter(3600),
    });
    await insertRefreshToken(app.db, {
      id: newId(),
      session_id: sessionId,
      token_hash: sha256(refreshToken),
      created_at: nowIso(),
    });
    refreshTokens.push(refreshToken);
  }

  const parked = await parkPayerVehicles(app, PAY_POOL + 1);
  subjects = { viewerId: userId, payer: await floorPayer(app, parked) };
  const zones = await app.db.selectFrom("locations").select("id").where("address", "=", "Grid").limit(1).execute();
  if (zones.length === 0) await insertZoneGrid(app.db, ZONE_GRID);
  // The scale run's console paths: an operator of the organisation whose lot every generated stay was at,
  // and due jobs for the queue's claim (claim-route.ts).
  let operatorToken: string | undefined;
  if (SCALE_DRIVERS) {
    const lot = await app.db
      .selectFrom("locations")
      .select("organisation_id")
      .where("id", "=", LOT)
      .executeTakeFirstOrThrow();
    // Limited to the lot: the bench's 10,000 meter zones belong to the same organisation, and the
    // console's reads of an organisation-wide operator are not what grows with the stays.
    const operator = await createOperator(app, { organisationId: lot.organisation_id, locationIds: [LOT] });
    operatorToken = operator.accessToken;
    await insertDueJobs(app.db, SCALE_DUE_JOBS);
    await closeAllRevenueDays(app);
  }

  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  const ready: Ready = {
    port: address.port,
    schema: engine === "postgres" ? schema : undefined,
    accessToken,
    refreshTokens,
    payerToken: parked.accessToken,
    quoteVisitId: parked.visitIds[0] ?? "",
    payVisitIds: parked.visitIds.slice(1),
    operatorToken,
  };
  process.send?.(ready);

  answerLoadGenerator(
    app,
    async () => {
      if (engine === "postgres" && postgresUrl && !keptSchema)
        await adminQuery(postgresUrl, `drop schema if exists ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
    async (message) => {
      if (message === "load-scale") {
        const figures = await prepareScaleData(app.db, SCALE_DRIVERS);
        // As the worker's job keeps it: the generated year's closed days rolled up (decision 0349).
        await closeAllRevenueDays(app);
        // A load of a million drivers outlasts the 10-minute access tokens the measures started with.
        return {
          figures,
          accessToken: await reissue(app, accessToken),
          payerToken: await reissue(app, parked.accessToken),
          operatorToken: operatorToken && (await reissue(app, operatorToken)),
        };
      }
      if (message === "capture") {
        captured.clear();
        capturing = true;
        return null;
      }
      if (message === "explain") {
        capturing = false;
        return explainCaptured(app, captured);
      }
      return undefined;
    },
  );
}

/** Every ended day's revenue rolled up, as the worker's job keeps it (a first closing takes a few runs of it). */
async function closeAllRevenueDays(app: App): Promise<void> {
  let closed = 0;
  for (let days = await closeRevenueDays(app.db); days > 0; days = await closeRevenueDays(app.db)) closed += days;
  process.stdout.write(`Closed ${closed} days of revenue.\n`);
}

/** A new access token for the same driver and session as `token`. */
function reissue(app: App, token: string): Promise<string> {
  const { sub, sid } = decodeJwt(token);
  if (typeof sub !== "string" || typeof sid !== "string")
    throw new Error("an access token without its driver or session");
  return app.accessTokens.issue(sub, sid);
}

/**
 * Each captured statement's plan (EXPLAIN, not run), and whether it reads a table sequentially; if
 * so, whether an index could serve it (PostgreSQL told to avoid whole-table reads then uses one):
 * the planner rightly reads a table of a few pages whole, and those tables do not grow with the stays.
 */
async function explainCaptured(app: App, captured: Map<string, readonly unknown[]>): Promise<Plan[]> {
  const plans: Plan[] = [];
  const explain = async (db: App["db"], statement: string, parameters: readonly unknown[]) => {
    const result = await db.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain ${statement}`, [...parameters]),
    );
    return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
  };
  for (const [statement, parameters] of captured) {
    if (/^(begin|commit|rollback)/i.test(statement)) continue;
    const plan = await explain(app.db, statement, parameters);
    const sequential = /Seq Scan/.test(plan);
    const indexed = sequential
      ? await app.db.transaction().execute(async (tx) => {
          await tx.executeQuery(CompiledQuery.raw("set local enable_seqscan = off"));
          return !/Seq Scan/.test(await explain(tx, statement, parameters));
        })
      : true;
    plans.push({ statement, plan, sequential, indexed });
  }
  return plans;
}

/**
 * The load generator reads the server's CPU time before and after each measure, asks it other
 * things (`ask`, answered with `{ answer }`), then stops it.
 */
function answerLoadGenerator(
  app: App,
  afterClose: () => Promise<void>,
  answer: (message: unknown) => Promise<unknown> = async () => undefined,
): void {
  process.on("message", async (message) => {
    if (message === "cpu") return process.send?.({ cpu: process.cpuUsage() });
    const answered = await answer(message);
    if (answered !== undefined) return process.send?.({ answer: answered });
    if (message !== "stop") return;
    await app.close();
    await afterClose();
    process.exit(0);
  });
}

/**
 * A second API instance on the first one's PostgreSQL schema (item 7 of issue 16): no migration,
 * no seed; the first instance's drivers, tokens and parked visits are its own as well.
 */
async function serveSecondInstance(schema: string): Promise<void> {
  const postgresUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "";
  const dataDir = mkdtempSync(path.join(tmpdir(), "estaciona-bench-"));
  const database = openDatabase({ engine: "postgres", url: postgresUrl, schema, poolSize: POOL_SIZE });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    MIGRATE_AT_START: "false",
    PROCESS_ROLE: "api",
    WEB_DIST_DIR: "/nonexistent",
    API_IP_MAX_PER_MINUTE: "100000000",
    SIGN_IN_IP_MAX_PER_HOUR: "100000000",
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  process.send?.({ port: address.port });
  answerLoadGenerator(app, async () => rmSync(dataDir, { recursive: true, force: true }));
}

/**
 * A second driver (so (a)'s vehicle list stays at 3) with a saved sandbox card and `count`
 * vehicles parked at the Fundidora demo lot for two hours: every stay has a fee to charge.
 */
async function parkPayerVehicles(app: App, count: number) {
  const payer = await createSignedInUser(app, {
    first_name: "Bench",
    last_name: "Payer",
    email: `bench.payer.${RUN_TAG.toLowerCase()}@example.com`,
    email_verified_at: nowIso(),
  });
  const card = await saveSandboxCard(app, payer.user.id);
  const now = nowIso();
  const enteredAt = new Date(Date.now() - 2 * 3600_000).toISOString();
  const visitIds: string[] = [];
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const vehicles = Array.from({ length: Math.min(BATCH, count - start) }, (_, index) => ({
      id: newId(),
      user_id: payer.user.id,
      plate: `P${RUN_TAG}${String(start + index).padStart(5, "0")}`,
      state: "Nuevo León",
      country: "mx" as const,
      created_at: now,
      updated_at: now,
    }));
    await app.db.insertInto("vehicles").values(vehicles).execute();
    const visits = vehicles.map((vehicle) => ({
      id: newId(),
      user_id: payer.user.id,
      vehicle_id: vehicle.id,
      location_id: SCALE_DRIVERS ? POOL_LOT : DEMO_FUNDIDORA_ID,
      status: "in_progress" as const,
      source: "app" as const,
      entered_at: enteredAt,
      currency: "mxn" as const,
      created_at: now,
      updated_at: now,
    }));
    await app.db.insertInto("visits").values(visits).execute();
    visitIds.push(...visits.map((visit) => visit.id));
  }
  return { accessToken: payer.accessToken, userId: payer.user.id, paymentMethodId: card.id, visitIds };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The floor's payer (reference-routes.ts): the parked stays' driver, card, lot and the price each stay is charged. */
async function floorPayer(
  app: App,
  parked: Awaited<ReturnType<typeof parkPayerVehicles>>,
): Promise<ReferenceSubjects["payer"]> {
  const method = await app.db
    .selectFrom("payment_methods")
    .select("card_ref")
    .where("id", "=", parked.paymentMethodId)
    .executeTakeFirstOrThrow();
  const quoted = await app.inject({
    method: "GET",
    url: `/api/user/visit/${parked.visitIds[0]}/quote`,
    headers: { authorization: `Bearer ${parked.accessToken}` },
  });
  if (quoted.statusCode !== 200) throw new Error(`quote failed: ${quoted.body}`);
  const { subtotal, convenience_fee, processing_fee, tax, total } = quoted.json().data;
  return {
    userId: parked.userId,
    paymentMethodId: parked.paymentMethodId,
    sandboxCardId: method.card_ref,
    locationId: SCALE_DRIVERS ? POOL_LOT : DEMO_FUNDIDORA_ID,
    breakdown: { subtotal, convenience_fee, processing_fee, tax, total },
  };
}

if (process.argv[2] === "serve") {
  await serve(process.argv[3] as Engine, process.argv[4]);
} else if (process.argv[2] === "serve-second") {
  await serveSecondInstance(process.argv[3] ?? "");
}
