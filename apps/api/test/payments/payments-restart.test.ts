import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { type AppOptions, buildApp } from "../../src/app.ts";
import { type DatabaseTarget, openDatabase } from "../../src/db/database.ts";
import { createPostgresTestDatabase, createSignedInUser, testConfig, testEngine } from "../support/helpers.ts";
import { createOperator, paidStay, refundCall } from "../support/operator-fixtures.ts";
import { addMexicanCard, faultyGateway, ledgerRowsOf } from "../support/payments-helpers.ts";
import { createLocation } from "../support/world.ts";

/**
 * PAY-5: the process stops between the verification charge and its refund. The refund is a job
 * written in the same transaction as the successful charge, so a new process on the same
 * database (same SQLite file, same PostgreSQL schema) finds it and refunds.
 */
describe(`refunds survive a restart (${testEngine})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  afterEach(() => vi.useRealTimers());

  async function sharedTarget(): Promise<DatabaseTarget> {
    if (testEngine === "postgres") {
      const shared = await createPostgresTestDatabase();
      cleanups.push(shared.drop);
      return { engine: "postgres", url: shared.url };
    }
    const dir = mkdtempSync(path.join(tmpdir(), "estaciona-restart-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return { engine: "sqlite", file: path.join(dir, "shared.sqlite") };
  }

  async function start(target: DatabaseTarget, providers?: AppOptions["providers"]) {
    const database = openDatabase(target);
    const app = await buildApp({ config: testConfig(), database, providers, logger: false });
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

  /**
   * Issue 21 item 2: a console refund whose process dies around the gateway call. The first process
   * makes the pending refund row (and its settle job) and the gateway fails the way a crash looks
   * from outside: before it got the refund, or after it made it. The next process settles it.
   */
  async function refundCutOff(fault: "beforeRefund" | "afterRefund") {
    const target = await sharedTarget();
    const provider = faultyGateway();
    const first = await start(target, {
      payments: { mx: provider.gateway, us: provider.gateway, netpay: provider.gateway },
    });
    provider.attach(first);
    const operator = await createOperator(first);
    const stay = await paidStay(first, (await createLocation(first)).id);
    provider.faults[fault] = true;
    const cut = await refundCall(first, operator.headers, stay.paymentId, { reason: "Cobro doble" });
    expect(cut.statusCode, cut.body).toBe(200);
    expect(cut.json().data.refundable).toBe(0);
    await first.close(); // the process stops: nobody answered the refund

    const second = await start(target);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.now() + 31_000));
    await second.jobs.runDueJobs();
    vi.useRealTimers();
    const rows = await second.db
      .selectFrom("payments")
      .selectAll()
      .where((eb) => eb.or([eb("id", "=", stay.paymentId), eb("parent_payment_id", "=", stay.paymentId)]))
      .orderBy("kind")
      .execute();
    const atProvider = await second.db
      .selectFrom("sandbox_refunds")
      .select("amount")
      .where(
        "reference",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
    return { second, operator, stay, rows, atProvider };
  }

  it("a refund cut off before the gateway got it ends failed, and the amount is refundable again", async () => {
    const { second, operator, stay, rows, atProvider } = await refundCutOff("beforeRefund");
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ["charge", "succeeded"],
      ["refund", "failed"],
    ]);
    expect(atProvider).toEqual([]);
    const again = await refundCall(second, operator.headers, stay.paymentId, { reason: "Cobro doble" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: "refunded", refunded: stay.amount, refundable: 0 });
    await second.close();
  });

  it("a refund cut off after the gateway made it ends succeeded, and the ledger agrees with the gateway", async () => {
    const { second, stay, rows, atProvider } = await refundCutOff("afterRefund");
    expect(rows.map((row) => [row.kind, row.status, row.amount])).toEqual([
      ["charge", "refunded", stay.amount],
      ["refund", "succeeded", stay.amount],
    ]);
    expect(atProvider).toEqual([{ amount: stay.amount }]);
    await second.close();
  });
});
