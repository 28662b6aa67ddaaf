import { connect, createConnection, createServer, type Server, type Socket } from "node:net";
import { Writable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppOptions, buildApp } from "../../src/app.ts";
import { openDatabase } from "../../src/db/database.ts";
import { ProviderError } from "../../src/modules/messaging/providers.ts";
import {
  createPostgresTestDatabase,
  createTestApp,
  openTestDatabase,
  signIn,
  type TestApp,
  testConfig,
  testEngine,
  testPhone,
} from "../support/helpers.ts";
import { createOperator } from "../support/operator-fixtures.ts";
import { addMexicanCard, createDriverWithProfile, sandboxToken } from "../support/payments-helpers.ts";

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

/** The app with its log lines kept, on a database of its own. */
async function appWithLog(env: Parameters<typeof testConfig>[0], providers?: AppOptions["providers"]) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const database = await openTestDatabase();
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: "info", ...env }),
    database,
    providers,
    logger: { stream },
  });
  app.addHook("onClose", async () => database.close());
  return { app, lines };
}

const SIGN_IN_IP_CAP = 3;

/**
 * Sign-in code sends with Redis gone: the caps hold exactly (they are rows in the database, not
 * Redis counters), so a Redis outage never means unlimited SMS. Five new phones from one address
 * (cap 3), then the same phone twice (one code per 60 s).
 */
async function expectSignInSendsCapped(app: TestApp) {
  const remoteAddress = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
  const send = async (phone: string) =>
    (await app.inject({ method: "POST", url: "/api/open/user", payload: { phone_number: phone }, remoteAddress }))
      .statusCode;
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push(await send(testPhone()));
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  const phone = testPhone();
  const elsewhere = async () =>
    (
      await app.inject({
        method: "POST",
        url: "/api/open/user",
        payload: { phone_number: phone },
        remoteAddress: `198.18.0.${1 + Math.floor(Math.random() * 250)}`,
      })
    ).statusCode;
  expect([await elsewhere(), await elsewhere()]).toEqual([200, 429]);
}

const linesSaying = (lines: string[], text: string) => lines.filter((line) => line.includes(text));

/** A TCP relay to the real Redis that the test can cut and mend, as a network outage would. */
async function redisRelay() {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const port = (relay.address() as { port: number }).port;
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    cut: () =>
      new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        sockets.clear();
      }),
    mend: () => new Promise<void>((resolve) => relay.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => (relay.listening ? relay.close(() => resolve()) : resolve())),
  };
}

describe("Redis", () => {
  it("down at start: the API keeps serving at full speed, says so in one log line, and sign-in sends stay capped", async () => {
    const { app, lines } = await appWithLog({
      REDIS_URL: "redis://127.0.0.1:1",
      SIGN_IN_IP_MAX_PER_HOUR: String(SIGN_IN_IP_CAP),
    });
    try {
      // The first answer also warms the route up; the timing is of the ones after it.
      expect((await app.inject({ method: "GET", url: "/api/open/host" })).statusCode).toBe(200);
      const started = Date.now();
      for (let i = 0; i < 5; i++)
        expect((await app.inject({ method: "GET", url: "/api/open/host" })).statusCode).toBe(200);
      // Waiting for a reconnection would cost about a second a request (decision 0040): five in 2.5 s cannot have.
      expect(Date.now() - started).toBeLessThan(2500);
      const ready = await app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "degraded", database: "ok", redis: "unreachable" });
      await expectSignInSendsCapped(app);
      // ioredis retries all along; the log says it once, at error level.
      const said = linesSaying(lines, "redis unreachable");
      expect(said).toHaveLength(1);
      expect(JSON.parse(said[0] ?? "{}")).toMatchObject({ level: 50 });
    } finally {
      await app.close();
    }
  });

  it.runIf(redisAnswers)(
    "lost mid-run: serving goes on, one log line when it goes and one when it returns, sign-in sends stay capped",
    async () => {
      const relay = await redisRelay();
      const { app, lines } = await appWithLog({
        REDIS_URL: relay.url,
        SIGN_IN_IP_MAX_PER_HOUR: String(SIGN_IN_IP_CAP),
      });
      try {
        expect((await app.inject({ method: "GET", url: "/api/ready" })).json()).toMatchObject({ redis: "ok" });
        await relay.cut();
        const started = Date.now();
        for (let i = 0; i < 5; i++)
          expect((await app.inject({ method: "GET", url: "/api/open/host" })).statusCode).toBe(200);
        expect(Date.now() - started).toBeLessThan(2500);
        expect((await app.inject({ method: "GET", url: "/api/ready" })).json()).toEqual({
          status: "degraded",
          database: "ok",
          redis: "unreachable",
        });
        await expectSignInSendsCapped(app);
        expect(linesSaying(lines, "redis unreachable")).toHaveLength(1);

        await relay.mend();
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline && linesSaying(lines, "redis reachable again").length === 0)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect(linesSaying(lines, "redis reachable again")).toHaveLength(1);
        expect((await app.inject({ method: "GET", url: "/api/ready" })).json()).toMatchObject({
          status: "ready",
          redis: "ok",
        });
        expect(linesSaying(lines, "redis unreachable")).toHaveLength(1);
      } finally {
        await app.close();
        await relay.close();
      }
    },
  );

  it.runIf(redisAnswers)("shares the API rate limit between two instances", async () => {
    const env = { REDIS_URL: redisUrl, API_IP_MAX_PER_MINUTE: "5" };
    const [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    try {
      // The count lives in the shared Redis, where this file on the other engine may count at the
      // same moment: each engine draws its address from its own half of the range.
      const remoteAddress = `192.0.2.${(testEngine === "sqlite" ? 1 : 126) + Math.floor(Math.random() * 125)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 ? second : first;
        statuses.push((await app.inject({ method: "GET", url: "/api/open/host", remoteAddress })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // From an address of its own: 127.0.0.1's count in the shared Redis is every test's.
      const ready = await first.inject({ method: "GET", url: "/api/ready", remoteAddress: "192.0.2.251" });
      expect(ready.json()).toMatchObject({ redis: "ok" });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe("log lines", () => {
  it("never hold a phone number, an e-mail, a token, a code or a card whole", async () => {
    const { app, lines } = await appWithLog({});
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
      // A card through the sandbox's hosted form and the card route: number, expiry and CVC in bodies.
      const payer = await createDriverWithProfile(app);
      const cardToken = await sandboxToken(app, "4242424242424242", { cvc: "987" });
      expect((await addMexicanCard(app, payer.headers, "4242424242424242", { token: cardToken })).statusCode).toBe(201);
      const log = lines.join("");
      expect(lines.length).toBeGreaterThan(5);
      expect(log).not.toContain("4242424242424242");
      expect(log).not.toContain(cardToken);
      expect(log).not.toContain(payer.user.email ?? "");
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

describe("log lines, from texts the keys cannot reach", () => {
  it("mask a phone, an e-mail or a card number inside a provider's error and a console search's URL", async () => {
    // A provider that refuses the number and says so, as Twilio's and SMTP's errors do.
    const { app, lines } = await appWithLog(
      {},
      {
        sms: {
          name: "refusing",
          returnsCodeToCaller: false,
          async send(message) {
            throw new ProviderError(
              "refusing",
              `The 'To' number ${message.to} is not valid; support: ops@example.com, card 4242424242424242`,
            );
          },
        },
      },
    );
    try {
      const phone = testPhone();
      await app.inject({ method: "POST", url: "/api/open/user", payload: { phone_number: phone } });
      const operator = await createOperator(app, { platform: true });
      const searched = encodeURIComponent(phone);
      for (const url of [`/api/admin/drivers?q=${searched}`, `/api/admin/payments?phone=${searched}`])
        expect((await app.inject({ method: "GET", url, headers: operator.headers })).statusCode).toBe(200);

      const log = lines.join("");
      const failure = lines
        .map((line) => JSON.parse(line))
        .find((line) => line.msg === "sign-in code could not be sent");
      expect(failure?.err.message).toContain(`${phone.slice(0, 3)}••••••••${phone.slice(-2)} is not valid`);
      expect(log).toContain('"url":"/api/admin/drivers?q=[redacted]"');
      expect(log).not.toContain(phone.slice(3));
      expect(log).not.toContain("ops@example.com");
      expect(log).not.toContain("4242424242424242");
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
  let privateDatabase: Awaited<ReturnType<typeof createPostgresTestDatabase>>;

  beforeAll(async () => {
    privateDatabase = await createPostgresTestDatabase();
    const url = privateDatabase.url;
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
    const database = openDatabase({ engine: "postgres", url: relayed.toString(), poolSize: 4 });
    app = await buildApp({ config: testConfig(), database, logger: false });
    app.addHook("onClose", async () => database.close().catch(() => undefined));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    relay.close();
    await privateDatabase.drop();
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

    const direct = new pg.Client({ connectionString: privateDatabase.url });
    await direct.connect();
    const { rows } = await direct.query(`select count(*)::int as count from vehicles where plate = 'ABC1234'`);
    await direct.end();
    expect(rows[0].count).toBe(0);
  });
});
