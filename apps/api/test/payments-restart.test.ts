import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { type DatabaseTarget, openDatabase } from "../src/db/database.ts";
import { createSignedInUser, testConfig, testEngine } from "./helpers.ts";
import { addMexicanCard, ledgerRowsOf } from "./payments-helpers.ts";

/**
 * PAY-5: the process stops between the verification charge and its refund. The refund is a job
 * written in the same transaction as the successful charge, so a new process on the same
 * database (same SQLite file, same PostgreSQL schema) finds it and refunds.
 */
describe(`verification refund survives a restart (${testEngine})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function sharedTarget(): Promise<DatabaseTarget> {
    if (testEngine === "postgres") {
      const url = process.env.TEST_DATABASE_URL ?? "";
      const schema = `test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      });
      return { engine: "postgres", url, schema };
    }
    const dir = mkdtempSync(path.join(tmpdir(), "estaciona-restart-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return { engine: "sqlite", file: path.join(dir, "shared.sqlite") };
  }

  async function start(target: DatabaseTarget) {
    const database = openDatabase(target);
    const app = await buildApp({ config: testConfig(), database, logger: false });
    app.addHook("onClose", async () => database.close());
    await app.ready();
    return app;
  }

  it("refunds the verification charge in the next process", async () => {
    const target = await sharedTarget();
    const first = await start(target);
    const { headers, user } = await createSignedInUser(first, {
      first_name: "Ana",
      last_name: "López",
      email: `ana.${randomUUID().slice(0, 8)}@example.com`,
    });
    const saved = await addMexicanCard(first, headers, "4242424242424242");
    expect(saved.statusCode, saved.body).toBe(201);
    const before = await first.db.selectFrom("payments").selectAll().where("user_id", "=", user.id).execute();
    expect(before.map((row) => [row.kind, row.status])).toEqual([["charge", "succeeded"]]);
    const refundJob = await first.db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", "payments.refund")
      .executeTakeFirst();
    expect(refundJob?.status).toBe("queued");
    await first.close(); // the process stops: the worker never ran

    const second = await start(target);
    await second.jobs.runDueJobs();
    const after = await ledgerRowsOf(second, user.id);
    expect(after.map((row) => [row.kind, row.status, row.amount])).toEqual([
      ["charge", "refunded", 1000],
      ["refund", "succeeded", 1000],
    ]);
    const charge = after[0];
    const providerRefunds = await second.db
      .selectFrom("sandbox_refunds")
      .selectAll()
      .where("charge_id", "=", charge?.provider_ref ?? "")
      .execute();
    expect(providerRefunds).toHaveLength(1);
    await second.close();
  });
});
