import { randomUUID } from "node:crypto";
import { PAYABLE_TYPES, type PayableType } from "@estaciona/contracts";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Tx } from "../../src/db/database.ts";
import { allowPayableKinds } from "../../src/db/migrations/2026112710_payable_kinds.ts";
import { AppError } from "../../src/lib/errors.ts";
import {
  type ChargePayableInput,
  chargePayable,
  refundPayment,
  registerPayable,
  sweepPayments,
} from "../../src/modules/payments/ledger.ts";
import { findPaymentById } from "../../src/modules/payments/repository.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { addMexicanCard, createDriverWithProfile, faultyGateway, ledgerRowsOf } from "../support/payments-helpers.ts";

/**
 * The ledger under faults: the real sandbox behind a switchboard that fails the way real providers
 * do (payments-helpers.ts `faultyGateway`).
 */
const { gateway: switchboard, faults, charges: sent, reset: resetFaults, attach: attachSandbox } = faultyGateway();

// A payable of this test's own: a ticket in a scratch table, moved to paid by the ledger's callback.
// Its kind is no product's, so this file's database is told to accept it (beforeAll).
const TEST_TICKET = "test_ticket" as PayableType;
registerPayable(TEST_TICKET, {
  async onSucceeded(tx, payment) {
    await tx
      .updateTable("test_tickets" as never)
      .set({ paid_by: payment.id } as never)
      .where(sql.ref("id"), "=", payment.payable_id)
      .execute();
  },
});

describe(`payments ledger (${testEngine})`, () => {
  let app: TestApp;
  const paymentRow = async (paymentId: string) => {
    const row = await findPaymentById(app.db, paymentId);
    if (!row) throw new Error(`payment ${paymentId} not found`);
    return row;
  };
  beforeAll(async () => {
    app = await createTestApp({
      env: { CARD_ADD_MAX_PER_USER_PER_DAY: "100", CARD_ADD_MAX_PER_IP_PER_HOUR: "1000" },
      providers: { payments: { mx: switchboard, us: switchboard, netpay: switchboard } },
    });
    attachSandbox(app);
    await app.db.schema
      .createTable("test_tickets")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("paid_by", "text")
      .execute();
    await allowPayableKinds(app.db as never, [...PAYABLE_TYPES, TEST_TICKET]);
  });
  afterAll(async () => app.close());
  afterEach(() => {
    vi.useRealTimers();
    resetFaults();
  });

  const travel = (seconds: number) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.now() + seconds * 1000));
  };

  async function driverWithCard() {
    const driver = await createDriverWithProfile(app);
    const saved = await addMexicanCard(app, driver.headers, "4242424242424242");
    expect(saved.statusCode, saved.body).toBe(201);
    return { ...driver, methodId: saved.json().data.payment_method.uuid as string };
  }

  async function newTicket(): Promise<string> {
    const id = randomUUID();
    await app.db
      .insertInto("test_tickets" as never)
      .values({ id, paid_by: null } as never)
      .execute();
    return id;
  }

  const ticket = async (id: string) =>
    (await sql<{ paid_by: string | null }>`select paid_by from test_tickets where id = ${id}`.execute(app.db)).rows[0];

  const sandboxChargesFor = (paymentIds: string[]) =>
    paymentIds.length === 0
      ? Promise.resolve([])
      : app.db.selectFrom("sandbox_charges").selectAll().where("reference", "in", paymentIds).execute();

  const charge = (userId: string, methodId: string, ticketId: string, key: string | null): ChargePayableInput => ({
    userId,
    purpose: "event",
    payable: { type: TEST_TICKET, id: ticketId, locationId: null, vehicleId: null },
    breakdown: { subtotal: 10000, convenience_fee: 500, processing_fee: 367, tax: 1739, total: 12606 },
    currency: "mxn",
    paymentMethodId: methodId,
    idempotencyKey: key,
    description: "Event ticket",
    lockPayable: async (tx: Tx) => {
      let query = tx
        .selectFrom("test_tickets" as never)
        .select(sql.ref("paid_by").as("paid_by"))
        .where(sql.ref("id"), "=", ticketId);
      if (app.dbEngine === "postgres") query = query.forUpdate();
      const row = (await query.executeTakeFirst()) as { paid_by: string | null } | undefined;
      if (row?.paid_by) throw new AppError("visit_already_paid");
    },
  });

  it("charges once, stores the breakdown and moves the payable in the same step", async () => {
    const { user, methodId } = await driverWithCard();
    const ticketId = await newTicket();
    const result = await chargePayable(app, charge(user.id, methodId, ticketId, randomUUID()));
    expect(result.status).toBe("succeeded");
    expect(result.payment).toMatchObject({
      subtotal: 10000,
      convenience_fee: 500,
      processing_fee: 367,
      tax: 1739,
      amount: 12606,
      kind: "charge",
    });
    expect((await ticket(ticketId))?.paid_by).toBe(result.payment.id);
    await expect(chargePayable(app, charge(user.id, methodId, ticketId, randomUUID()))).rejects.toMatchObject({
      code: "visit_already_paid",
    });
  });

  it("refuses a breakdown that does not add up, and the database refuses one too", async () => {
    const { user, methodId } = await driverWithCard();
    const input = charge(user.id, methodId, await newTicket(), null);
    await expect(
      chargePayable(app, { ...input, breakdown: { ...input.breakdown, total: input.breakdown.total + 1 } }),
    ).rejects.toMatchObject({ code: "invalid_data" });
    await expect(
      sql`insert into payments (id, user_id, purpose, payable_type, payable_id, kind, gateway, rail, currency, subtotal, convenience_fee, processing_fee, tax, amount, status, description, created_at, updated_at)
          values (${randomUUID()}, ${user.id}, 'event', 'test_ticket', 'x', 'charge', 'sandbox', 'card', 'mxn', 100, 0, 0, 0, 101, 'pending', 'bad', 'now', 'now')`.execute(
        app.db,
      ),
    ).rejects.toThrow();
  });

  it("50 parallel charges for one payable with 50 keys: exactly one succeeds, the rest conflict", async () => {
    const { user, methodId } = await driverWithCard();
    const ticketId = await newTicket();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => chargePayable(app, charge(user.id, methodId, ticketId, randomUUID()))),
    );
    const succeeded = results.filter((r) => r.status === "fulfilled" && r.value.status === "succeeded");
    expect(succeeded).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      const reason = (r as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(AppError);
      expect(["visit_already_paid", "invalid_payment"]).toContain(reason.code);
      expect(reason.status).toBe(409);
    }
    const rows = await app.db.selectFrom("payments").selectAll().where("payable_id", "=", ticketId).execute();
    expect(rows.filter((row) => row.status === "succeeded")).toHaveLength(1);
    expect(await sandboxChargesFor(rows.map((row) => row.id))).toHaveLength(1);
  });

  it("50 parallel charges with one key: one attempt, one provider charge, every caller sees it", async () => {
    const { user, methodId } = await driverWithCard();
    const ticketId = await newTicket();
    const key = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => chargePayable(app, charge(user.id, methodId, ticketId, key))),
    );
    const ids = new Set(results.map((r) => (r.status === "fulfilled" ? r.value.payment.id : "rejected")));
    expect(ids.size).toBe(1);
    expect(ids.has("rejected")).toBe(false);
    const rows = await app.db.selectFrom("payments").selectAll().where("payable_id", "=", ticketId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("succeeded");
    expect(await sandboxChargesFor(rows.map((row) => row.id))).toHaveLength(1);
    // The same key for something else is refused.
    await expect(chargePayable(app, charge(user.id, methodId, await newTicket(), key))).rejects.toMatchObject({
      code: "invalid_data",
    });
  });

  it("provider charges then the connection drops: pending, then reconciliation settles exactly one charge", async () => {
    const { user, methodId } = await driverWithCard();
    const ticketId = await newTicket();
    faults.afterCharge = true;
    const result = await chargePayable(app, charge(user.id, methodId, ticketId, randomUUID()));
    expect(result.status).toBe("pending");
    expect((await ticket(ticketId))?.paid_by).toBeNull();
    // A second attempt while the first is unresolved is refused, not charged blindly.
    await expect(chargePayable(app, charge(user.id, methodId, ticketId, randomUUID()))).rejects.toBeInstanceOf(
      AppError,
    );
    faults.afterCharge = false;

    await app.jobs.runDueJobs();
    const early = await paymentRow(result.payment.id);
    expect(early.status).toBe("pending");

    travel(31);
    await app.jobs.runDueJobs();
    const settled = await paymentRow(result.payment.id);
    expect(settled.status).toBe("succeeded");
    expect((await ticket(ticketId))?.paid_by).toBe(result.payment.id);
    const all = await app.db.selectFrom("payments").selectAll().where("payable_id", "=", ticketId).execute();
    expect(await sandboxChargesFor(all.map((row) => row.id))).toHaveLength(1);
  });

  it("provider answers 5xx before charging: reconciliation marks the attempt failed and a new one can pay", async () => {
    const { user, methodId } = await driverWithCard();
    const ticketId = await newTicket();
    faults.beforeCharge = true;
    const result = await chargePayable(app, charge(user.id, methodId, ticketId, randomUUID()));
    expect(result.status).toBe("pending");
    faults.beforeCharge = false;
    travel(31);
    await app.jobs.runDueJobs();
    const settled = await paymentRow(result.payment.id);
    expect(settled).toMatchObject({ status: "failed", failure_code: "invalid_payment" });
    expect((await ticket(ticketId))?.paid_by).toBeNull();
    const retry = await chargePayable(app, charge(user.id, methodId, ticketId, randomUUID()));
    expect(retry.status).toBe("succeeded");
  });

  it("a provider 5xx while saving a card answers a coded error and writes nothing", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    faults.saveCard = true;
    const response = await addMexicanCard(app, headers, "4242424242424242");
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: "invalid_payment",
      error_description: "The payment provider did not answer. We will confirm the result shortly; do not pay again.",
    });
    expect(await app.db.selectFrom("payment_methods").select("id").where("user_id", "=", user.id).execute()).toEqual(
      [],
    );
    expect(await app.db.selectFrom("payments").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(await app.db.selectFrom("payment_customers").select("id").where("user_id", "=", user.id).execute()).toEqual(
      [],
    );
  });

  it("a lost verification answer is settled later: the card becomes usable and the charge is refunded", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    faults.afterCharge = true;
    const response = await addMexicanCard(app, headers, "4242424242424242");
    expect(response.statusCode).toBe(503);
    faults.afterCharge = false;
    const listed = await app.inject({ method: "GET", url: "/api/user/payment/methods", headers });
    expect(listed.json().data).toEqual([]);
    travel(31);
    await app.jobs.runDueJobs();
    await app.jobs.runDueJobs();
    const after = await app.inject({ method: "GET", url: "/api/user/payment/methods", headers });
    expect(after.json().data).toHaveLength(1);
    const rows = await ledgerRowsOf(app, user.id);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ["charge", "refunded"],
      ["refund", "succeeded"],
    ]);
  });

  it("tells the gateway who starts each charge to a stored card, naming the card check on a merchant's (0206)", async () => {
    const { user, methodId } = await driverWithCard();
    const check = sent.at(-1);
    expect(check?.storedCredential).toEqual({ initiatedBy: "customer", first: true, initialChargeRef: null });
    const [checkRow] = await ledgerRowsOf(app, user.id);
    await chargePayable(app, charge(user.id, methodId, await newTicket(), randomUUID()));
    expect(sent.at(-1)?.storedCredential).toEqual({ initiatedBy: "customer", first: false, initialChargeRef: null });
    await chargePayable(app, { ...charge(user.id, methodId, await newTicket(), null), initiatedBy: "merchant" });
    expect(sent.at(-1)?.storedCredential).toEqual({
      initiatedBy: "merchant",
      first: false,
      initialChargeRef: checkRow?.provider_ref,
    });
    expect(checkRow?.provider_ref).toBeTruthy();
  });

  it("refunds in parts, never more than was charged", async () => {
    const { user, methodId } = await driverWithCard();
    const paid = await chargePayable(app, charge(user.id, methodId, await newTicket(), randomUUID()));
    const first = await refundPayment(app, { paymentId: paid.payment.id, amount: 6000, reason: "partial" });
    expect(first.status).toBe("succeeded");
    await expect(
      refundPayment(app, { paymentId: paid.payment.id, amount: 7000, reason: "too much" }),
    ).rejects.toMatchObject({
      code: "invalid_refund",
    });
    const rest = await refundPayment(app, { paymentId: paid.payment.id, reason: "the rest" });
    expect(rest.refund.amount).toBe(6606);
    const parent = await paymentRow(paid.payment.id);
    expect(parent.status).toBe("refunded");
    await expect(refundPayment(app, { paymentId: paid.payment.id, reason: "again" })).rejects.toMatchObject({
      code: "invalid_refund",
    });
  });

  it("the sweep revives a verification refund whose job gave up", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    const saved = await addMexicanCard(app, headers, "5555555555554444");
    expect(saved.statusCode).toBe(201);
    const paymentId = saved.json().data.verification.payment as string;
    // The refund job exhausted its attempts (e.g. the provider was down for hours).
    await app.db
      .updateTable("jobs")
      .set({ status: "failed", last_error: "provider down" })
      .where("dedupe_key", "=", `refund:${paymentId}`)
      .execute();
    await app.jobs.runDueJobs();
    const stuck = await paymentRow(paymentId);
    expect(stuck.status).toBe("succeeded");
    travel(6 * 60);
    expect((await sweepPayments(app)).unrefunded).toBeGreaterThanOrEqual(1);
    await app.jobs.runDueJobs();
    const rows = await ledgerRowsOf(app, user.id);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ["charge", "refunded"],
      ["refund", "succeeded"],
    ]);
  });

  it("the sweep revives the settle job of a refund whose answer was lost, and it settles", async () => {
    const { user, methodId } = await driverWithCard();
    const paid = await chargePayable(app, charge(user.id, methodId, await newTicket(), randomUUID()));
    faults.afterRefund = true;
    const cut = await refundPayment(app, { paymentId: paid.payment.id, amount: 2000, reason: "lost answer" });
    expect(cut.status).toBe("pending");
    faults.afterRefund = false;
    // Its settle job gave up (the provider could not tell for hours).
    await app.db
      .updateTable("jobs")
      .set({ status: "failed", last_error: "provider down" })
      .where("dedupe_key", "=", `settle-refund:${cut.refund.id}`)
      .execute();
    travel(6 * 60);
    expect((await sweepPayments(app)).pendingRefunds).toBeGreaterThanOrEqual(1);
    await app.jobs.runDueJobs();
    expect(await paymentRow(cut.refund.id)).toMatchObject({ status: "succeeded" });
    expect(await paymentRow(paid.payment.id)).toMatchObject({ status: "succeeded" });
    const rest = await refundPayment(app, { paymentId: paid.payment.id, reason: "the rest" });
    expect(rest.refund.amount).toBe(paid.payment.amount - 2000);
  });
});
