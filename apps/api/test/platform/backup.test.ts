import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { type BackupSource, backupDatabase, restoreDatabase } from "../../src/db/backup.ts";
import { type DatabaseHandle, openDatabase } from "../../src/db/database.ts";
import { checkLedger } from "../../src/modules/payments/ledger/consistency.ts";
import { createTestApp, type TestApp, testConfig, testEngine } from "../support/helpers.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  saveSandboxCard,
  startParkedVisit,
} from "../support/parking-fixtures.ts";
import { createLocation } from "../support/world.ts";

/** Stays paid in parallel while the backup runs: enough writes to overlap it on either engine. */
const PAYS_UNDER_BACKUP = 16;

type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;

/** Where the test app's database lives, as the backup tools name it. */
async function sourceOf(app: TestApp): Promise<BackupSource> {
  if (testEngine === "postgres") {
    // Each test file has a private database (test/support/helpers.ts): the backup takes all of it, as in production.
    const { rows } = await sql<{ database: string }>`select current_database() as database`.execute(app.db);
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${rows[0]?.database}`;
    return { engine: "postgres", url: url.toString() };
  }
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
    app.db,
  );
  return { engine: "sqlite", file: rows[0]?.file as string };
}

/** A fresh, empty database to restore into: a new SQLite file, or a new PostgreSQL database. */
async function freshTarget(
  source: BackupSource,
  dir: string,
): Promise<{ target: BackupSource; drop(): Promise<void> }> {
  if (source.engine === "sqlite")
    return { target: { engine: "sqlite", file: path.join(dir, "restored.sqlite") }, drop: async () => {} };
  const name = `restore_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(source.url);
  url.pathname = `/${name}`;
  return {
    target: { engine: "postgres", url: url.toString(), schema: source.schema },
    async drop() {
      const cleanup = new pg.Client({ connectionString: source.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const open = (target: BackupSource): DatabaseHandle =>
  openDatabase(target.engine === "sqlite" ? target : { engine: "postgres", url: target.url, schema: target.schema });

describe(`backup and restore under write load (${testEngine})`, () => {
  let app: TestApp;
  let dir: string;
  let drivers: { driver: Driver; visitId: string }[];
  let restored: DatabaseHandle;
  let target: Awaited<ReturnType<typeof freshTarget>>;
  let backupFile: string;

  beforeAll(async () => {
    app = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), "estaciona-backup-"));
    drivers = [];
    const lot = await createLocation(app);
    for (let index = 0; index < PAYS_UNDER_BACKUP + 1; index++) {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      drivers.push({ driver, visitId: await startParkedVisit(app, driver, 90, lot.id) });
    }
  });
  afterAll(async () => {
    await restored?.close();
    await target?.drop();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("takes a backup while stays are paid, restores it into an empty database, and the ledger holds", async () => {
    const source = await sourceOf(app);
    backupFile = path.join(dir, testEngine === "sqlite" ? "backup.sqlite" : "backup.dump");
    const pay = ({ driver, visitId }: { driver: Driver; visitId: string }) =>
      app.inject({
        method: "POST",
        url: `/api/user/visit/${visitId}/pay`,
        headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
        payload: {},
      });
    const [, ...paid] = await Promise.all([
      backupDatabase(source, backupFile),
      ...drivers.slice(0, PAYS_UNDER_BACKUP).map(pay),
    ]);
    for (const answer of paid) expect(answer.statusCode).toBe(200);
    expect(await checkLedger(app.db)).toEqual([]);

    target = await freshTarget(source, dir);
    await restoreDatabase(backupFile, target.target);
    restored = open(target.target);
    expect(await checkLedger(restored.db)).toEqual([]);

    // The product starts on the copy and keeps taking money: the stay left unpaid pays there.
    const restoredApp = await buildApp({ config: testConfig(), database: restored, logger: false });
    try {
      expect((await restoredApp.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      const last = drivers[PAYS_UNDER_BACKUP] as { driver: Driver; visitId: string };
      const answer = await restoredApp.inject({
        method: "POST",
        url: `/api/user/visit/${last.visitId}/pay`,
        headers: { ...last.driver.headers, "idempotency-key": idempotencyKey() },
        payload: {},
      });
      expect(answer.statusCode).toBe(200);
    } finally {
      await restoredApp.close();
    }
    expect(await checkLedger(restored.db)).toEqual([]);
  });

  it("refuses to restore into a database that is not empty", async () => {
    await expect(restoreDatabase(backupFile, target.target)).rejects.toThrow(/not empty/);
  });

  it("finds a charge the gateway never took and a stay both paid and unpaid", async () => {
    const charge = await restored.db
      .selectFrom("payments")
      .selectAll()
      .where("kind", "=", "charge")
      .where("status", "=", "succeeded")
      .where("payable_type", "=", "visit")
      .executeTakeFirstOrThrow();
    await restored.db.deleteFrom("sandbox_charges").where("reference", "=", charge.id).execute();
    await restored.db
      .updateTable("visits")
      .set({ status: "pending_payment" })
      .where("id", "=", charge.payable_id)
      .execute();
    const problems = await checkLedger(restored.db);
    expect(problems.map((problem) => problem.check).sort()).toEqual([
      "charge_missing_at_gateway",
      "visit_paid_and_unpaid",
    ]);
    expect(problems.find((problem) => problem.check === "charge_missing_at_gateway")?.examples).toEqual([charge.id]);
  });
});
