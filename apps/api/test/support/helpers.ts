import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type AppOptions, buildApp } from "../../src/app.ts";
import { type Environment, loadConfig } from "../../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../../src/db/database.ts";
import type { NewRow } from "../../src/db/schema.ts";
import { newId } from "../../src/lib/ids.ts";
import { PLATFORM_ORGANISATION } from "../../src/seed/data.ts";
import { adminQuery, databaseUrl, postgresTemplateDatabase, sqliteTemplateFile } from "./template-database.ts";

/**
 * Which engine this test run uses: vitest runs the API suite once per engine (see
 * vitest.config.ts); `postgres` needs TEST_DATABASE_URL.
 */
export const testEngine = (process.env.TEST_ENGINE ?? "sqlite") as "sqlite" | "postgres";

/**
 * A private PostgreSQL database (dropped by `drop`), a copy of the migrated template
 * (support/template-database.ts). A database, not a schema in a shared one:
 * Kysely's migrator reads the tables of every schema of its database (`has_schema_privilege` on
 * each), so another file dropping its schema during that read failed this file's migration when
 * files ran side by side (docs/decisions/0234).
 */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const sharedUrl = process.env.TEST_DATABASE_URL;
  if (!sharedUrl) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL");
  const name = `test_${randomBytes(6).toString("hex")}`;
  await adminQuery(sharedUrl, `create database ${name} template ${await postgresTemplateDatabase(sharedUrl)}`);
  return {
    url: databaseUrl(sharedUrl, name),
    drop: async () => {
      await adminQuery(sharedUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A fresh, private database for one test file, already migrated: a copy of the SQLite template in
 * a temp folder, or a new PostgreSQL database that is dropped on close. Never assumes an empty shared database.
 */
export async function openTestDatabase(
  options: {
    onStatement?: (statement: string, parameters: readonly unknown[]) => void;
    traceStatements?: boolean;
  } = {},
): Promise<DatabaseHandle> {
  if (testEngine === "postgres") {
    const privateDatabase = await createPostgresTestDatabase();
    const handle = openDatabase({ engine: "postgres", url: privateDatabase.url, poolSize: 20, ...options });
    return {
      ...handle,
      async close() {
        await handle.close();
        await privateDatabase.drop();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "estaciona-test-"));
  const file = path.join(dir, "test.sqlite");
  copyFileSync(await sqliteTemplateFile(), file);
  const handle = openDatabase({ engine: "sqlite", file, ...options });
  return {
    ...handle,
    async close() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The API's configuration for a test file. Without the demo seed unless the running file is still
 * on it (support/demo-seed-files.ts): a file builds its own data (support/world.ts).
 */
export const testConfig = (env: Partial<Environment> = {}) =>
  loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    // Every API test builds its own data (docs/decisions/0298): no test database holds the demo.
    SEED_DEMO: "false",
    PROCESS_ROLE: "api",
    WEB_DIST_DIR: "/nonexistent",
    ...env,
  });

/** The real app on a private database; close it in afterAll/afterEach to drop the database. */
export async function createTestApp(
  options: {
    env?: Partial<Environment>;
    providers?: AppOptions["providers"];
    onStatement?: (statement: string, parameters: readonly unknown[]) => void;
  } = {},
) {
  const database = await openTestDatabase({ onStatement: options.onStatement });
  const app = await buildApp({
    config: testConfig(options.env),
    database,
    providers: options.providers,
    logger: false,
  });
  app.addHook("onClose", async () => database.close());
  await app.ready();
  return app;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let phoneCounter = 0;
/**
 * A unique Mexican test phone per call (process id keeps parallel files apart). Area code 55
 * (Mexico City): the seed's phones are 81 numbers, and `+5281` + a process id ending in 0000 +
 * counter 0001 was the demo operator's own phone (a rare flake on PostgreSQL's unique index).
 * Every 55 number is one libphonenumber's metadata holds textable (lib/phones.ts); half the 89
 * numbers used before are not (docs/decisions/0125).
 */
export const testPhone = (): string =>
  `+5255${String(process.pid % 10000).padStart(4, "0")}${String(++phoneCounter).padStart(4, "0")}`;

/**
 * A driver (or, with `role: "admin"`, an operator of the demo organisation) with a live session, created directly in the database (the sign-in flow itself is
 * tested in auth tests). Answers the user row, a valid access token and ready-made headers.
 */
export async function createSignedInUser(app: TestApp, fields: Partial<NewRow<"users">> = {}) {
  const now = new Date().toISOString();
  const user: NewRow<"users"> = {
    id: newId(),
    phone: testPhone(),
    first_name: null,
    last_name: null,
    email: null,
    locale: "es",
    role: "driver",
    status: "active",
    payment_methods_mx: 0,
    payment_methods_us: 0,
    sign_in_failures: 0,
    registered_domain: "estaciona",
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await app.db.insertInto("users").values(user).execute();
  // An administrator acts for an organisation (docs/product/operators.md): the seeded demo one, with the platform
  // role like the seeded demo operator, unless a test changes it (test/operator/authorisation-matrix.test.ts does).
  if (user.role === "admin")
    await app.db
      .insertInto("operator_memberships")
      .values({ user_id: user.id, organisation_id: PLATFORM_ORGANISATION.id, platform: 1, created_at: now })
      .execute();
  const sessionId = newId();
  await app.db
    .insertInto("sessions")
    .values({
      id: sessionId,
      user_id: user.id,
      client_id: "estaciona-web",
      created_at: now,
      expires_at: new Date(Date.now() + 30 * 86400_000).toISOString(),
    })
    .execute();
  const accessToken = await app.accessTokens.issue(user.id, sessionId);
  return { user, sessionId, accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}

let signInCounter = 0;
/**
 * Signs a driver in through the real flow: `open/user` with the sandbox SMS provider (which
 * answers the code), then the `sms` grant. Each call comes from its own address so suites that
 * sign in often stay under the per-IP cap. Answers the tokens and ready-made headers.
 */
export async function signIn(app: TestApp, phone: string = testPhone()) {
  const remoteAddress = `10.77.${Math.floor(++signInCounter / 250) % 250}.${(signInCounter % 250) + 1}`;
  const registered = await app.inject({
    method: "POST",
    url: "/api/open/user",
    payload: { phone_number: phone, domain: "estaciona" },
    remoteAddress,
  });
  const code: unknown = registered.json().data;
  if (registered.statusCode !== 200 || typeof code !== "string")
    throw new Error(`open/user answered ${registered.statusCode}: ${registered.body}`);
  const token = await app.inject({
    method: "POST",
    url: "/api/oauth/v2/token",
    payload: {
      grant_type: "sms",
      client_id: "estaciona-web",
      client_secret: "estaciona-web-public",
      phone_number: phone,
      code,
      domain: "estaciona",
    },
    remoteAddress,
  });
  if (token.statusCode !== 200) throw new Error(`token answered ${token.statusCode}: ${token.body}`);
  const { access_token: accessToken, refresh_token: refreshToken } = token.json() as {
    access_token: string;
    refresh_token: string;
  };
  return { phone, accessToken, refreshToken, headers: { authorization: `Bearer ${accessToken}` } };
}
