import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type AppOptions, buildApp } from "../src/app.ts";
import { type Environment, loadConfig } from "../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/database.ts";

/**
 * Which engine this test run uses: vitest runs the API suite once per engine (see
 * vitest.config.ts); `postgres` needs TEST_DATABASE_URL.
 */
export const testEngine = (process.env.TEST_ENGINE ?? "sqlite") as "sqlite" | "postgres";

/**
 * A fresh, private database for one test file: a new SQLite file in a temp folder, or a new
 * PostgreSQL schema that is dropped on close. Never assumes an empty shared database.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testEngine === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL");
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handle = openDatabase({ engine: "postgres", url, schema, poolSize: 20 });
    return {
      ...handle,
      async close() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop schema if exists ${schema} cascade`);
        await cleanup.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "estaciona-test-"));
  const handle = openDatabase({ engine: "sqlite", file: path.join(dir, "test.sqlite") });
  return {
    ...handle,
    async close() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const testConfig = (env: Partial<Environment> = {}) =>
  loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SEED_DEMO: "true",
    RUN_WORKER: "false",
    WEB_DIST_DIR: "/nonexistent",
    ...env,
  });

/** The real app on a private database; close it in afterAll/afterEach to drop the database. */
export async function createTestApp(options: { env?: Partial<Environment>; providers?: AppOptions["providers"] } = {}) {
  const database = await openTestDatabase();
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
