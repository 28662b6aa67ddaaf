import { randomBytes } from "node:crypto";
import { connect, createConnection, createServer, type Server, type Socket } from "node:net";
import { Writable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/database.ts";
import { createTestApp, openTestDatabase, signIn, type TestApp, testConfig, testEngine } from "./helpers.ts";

/** Operating the API (issue 16): request ids, readiness and draining, metrics, masked logs, a database that goes away. */

describe("request ids, readiness, metrics", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  it("answers every request with its id, keeping a well-formed one from the proxy", async () => {
    const fresh = await app.inject({ method: "GET", url: "/api/health" });
    expect(fresh.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const given = await app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "lb-42.abc" } });
    expect(given.headers["x-request-id"]).toBe("lb-42.abc");
    const hostile = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "<script>alert(1)</script>" },
    });
    expect(hostile.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is ready while the database answers, and not ready once draining", async () => {
    const ready = await app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: "ok", redis: "not_configured" });
    app.draining = true;
    try {
      const draining = await app.inject({ method: "GET", url: "/api/ready" });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ status: "draining" });
    } finally {
      app.draining = false;
    }
  });

  it("counts requests by route pattern and status, and reports the job queue", async () => {
    await app.inject({ method: "GET", url: "/api/open/host" });
    await app.inject({ method: "GET", url: "/api/user/view" });
    const text = await app.metrics.registry.metrics();
    expect(text).toMatch(/estaciona_http_requests_total\{method="GET",route="\/api\/open\/host",status="200"\} \d+/);
    expect(text).toMatch(/estaciona_http_requests_total\{method="GET",route="\/api\/user\/view",status="401"\} 1/);
    expect(text).toMatch(
      /estaciona_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/open\/host"\}/,
    );
    expect(text).toMatch(/estaciona_jobs_oldest_due_seconds \d/);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/6";
const redisAnswers = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: new URL(redisUrl).hostname, port: Number(new URL(redisUrl).port || 6379) });
  socket.once("connect", () => resolve(true)).once("error", () => resolve(false));
  socket.setTimeout(500, () => resolve(false));
});

describe("Redis", () => {
  it("down: the API keeps serving at full speed, readiness says degraded", async () => {
    const app = await createTestApp({ env: { REDIS_URL: "redis://127.0.0.1:1" } });
    try {
      const started = Date.now();
      for (let i = 0; i < 5; i++)
        expect((await app.inject({ method: "GET", url: "/api/open/host" })).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      const ready = await app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "degraded", database: "ok", redis: "unreachable" });
    } finally {
      await app.close();
    }
  });

  it.runIf(redisAnswers)("shares the API rate limit between two instances", async () => {
    const env = { REDIS_URL: redisUrl, API_IP_MAX_PER_MINUTE: "5" };
    const [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    try {
      const remoteAddress = `192.0.2.${1 + Math.floor(Math.random() * 250)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 ? second : first;
        statuses.push((await app.inject({ method: "GET", url: "/api/open/host", remoteAddress })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await first.inject({ method: "GET", url: "/api/ready" })).json()).toMatchObject({ redis: "ok" });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe("log lines", () => {
  it("never hold a phone number, an e-mail, a token or a code whole", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig({ LOG_LEVEL: "info" }), database, logger: { stream } });
    app.addHook("onClose", async () => database.close());
    try {
      const driver = await signIn(app);
      await app.inject({
        method: "PUT",
        url: "/api/user/edit",
        headers: driver.headers,
        payload: { first_name: "Ana", last_name: "López", email: "ana.lopez@example.com" },
      });
      await app.inject({ method: "POST", url: "/api/user/vehicle", headers: driver.headers, payload: {} });
      await app.inject({
        method: "POST",
        url: "/api/oauth/v2/token",
        payload: {
          grant_type: "refresh_token",
          client_id: "estaciona-web",
          client_secret: "estaciona-web-public",
          refresh_token: driver.refreshToken,
        },
      });
      const log = lines.join("");
      expect(lines.length).toBeGreaterThan(5);
      expect(log).not.toContain(driver.phone.slice(3));
      expect(log).not.toContain("ana.lopez@example.com");
      expect(log).not.toContain(driver.accessToken);
      expect(log).not.toContain(driver.refreshToken);
      expect(log).toContain('"reqId"');
    } finally {
      await app.close();
    }
  });
});

/**
 * PostgreSQL going away mid-run: requests answer a coded 503 with Retry-After (never a 500 or a
 * stack), readiness fails, and nothing is half written. The database is reached through a TCP
 * relay that the test cuts.
 */
describe.runIf(testEngine === "postgres")("PostgreSQL down", () => {
  let relay: Server;
  const sockets = new Set<Socket>();
  let app: TestApp;
  let schema: string;
  const url = process.env.TEST_DATABASE_URL ?? "";

  beforeAll(async () => {
    const target = new URL(url);
    relay = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on("error", drop);
      upstream.on("error", drop);
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const relayed = new URL(url);
    relayed.hostname = "127.0.0.1";
    relayed.port = String((relay.address() as { port: number }).port);
    schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const database = openDatabase({ engine: "postgres", url: relayed.toString(), schema, poolSize: 4 });
    app = await buildApp({ config: testConfig(), database, logger: false });
    app.addHook("onClose", async () => database.close().catch(() => undefined));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    relay.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it("answers 503 server_error with Retry-After and fails readiness, writing nothing", async () => {
    const driver = await signIn(app);
    relay.close();
    for (const socket of sockets) socket.destroy();

    const vehicle = await app.inject({
      method: "POST",
      url: "/api/user/vehicle",
      headers: { ...driver.headers, "accept-language": "en" },
      payload: { plate: "ABC1234", state: "Nuevo León" },
    });
    expect(vehicle.statusCode).toBe(503);
    expect(vehicle.headers["retry-after"]).toBe("5");
    expect(vehicle.json()).toEqual({
      error: "server_error",
      error_description: "An error occurred, please try again later.",
    });
    const ready = await app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: "unavailable", database: "unreachable" });

    const direct = new pg.Client({ connectionString: url });
    await direct.connect();
    const { rows } = await direct.query(
      `select count(*)::int as count from ${schema}.vehicles where plate = 'ABC1234'`,
    );
    await direct.end();
    expect(rows[0].count).toBe(0);
  });
});
