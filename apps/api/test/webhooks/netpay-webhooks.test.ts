import { randomUUID } from "node:crypto";
import { PAYABLE_TYPES, type PayableType } from "@estaciona/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { allowPayableKinds } from "../../src/db/migrations/2026112710_payable_kinds.ts";
import { presentCharge } from "../../src/modules/operator/payments.ts";
import type { PaymentGateway } from "../../src/modules/payments/gateway.ts";
import { chargePayable, registerPayable, sweepPayments } from "../../src/modules/payments/ledger.ts";
import { createNetpayGateway } from "../../src/modules/payments/netpay.ts";
import { findPaymentById } from "../../src/modules/payments/repository.ts";
import { type NetpayFake, startNetpayFake } from "../support/fakes/netpay-server.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithProfile } from "../support/payments-helpers.ts";

/**
 * NetPay's webhooks (docs/decisions/0245) and the console's "needs review" (0246). NetPay documents no
 * signature, so an event is only a hint: the transaction is read back from NetPay (a fake answering as
 * docs.netpay.com.mx does) and applied by the ledger's own reconciliation; a charge whose outcome stays
 * unknown is never failed, and is shown as needing review 24 h after the attempt.
 */
// A payable of this file's own: the ledger's outcome is what is looked at.
const NETPAY_TICKET = "netpay_ticket" as PayableType;
registerPayable(NETPAY_TICKET, { onSucceeded: async () => {} });

describe(`NetPay webhooks and charges needing review (${testEngine})`, () => {
  let app: TestApp;
  let fake: NetpayFake;
  let netpay: PaymentGateway;
  // The NetPay adapter against the fake, created once the fake's address is known.
  const gateway: PaymentGateway = {
    name: "netpay",
    cardFormConfig: () => ({ provider: "netpay", publicKey: "pk_netpay_test", scriptUrl: null, frameUrl: null }),
    saveCard: (input) => netpay.saveCard(input),
    deleteCard: (input) => netpay.deleteCard(input),
    charge: (request) => netpay.charge(request),
    refund: (request) => netpay.refund(request),
    findCharge: (reference, providerRef, since) => netpay.findCharge(reference, providerRef, since),
    findRefund: (lookup) => netpay.findRefund(lookup),
    referenceOf: (providerRef) => netpay.referenceOf?.(providerRef) ?? Promise.resolve(null),
  };

  beforeAll(async () => {
    fake = await startNetpayFake();
    app = await createTestApp({ providers: { payments: { mx: gateway, us: gateway, netpay: gateway } } });
    netpay = createNetpayGateway({
      apiBase: fake.apiBase,
      refundApiBase: fake.refundApiBase,
      secretKey: "sk_netpay_test",
      publicKey: "pk_netpay_test",
      timeoutMs: 300,
    });
    await allowPayableKinds(app.db as never, [...PAYABLE_TYPES, NETPAY_TICKET]);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });
  afterEach(() => {
    vi.useRealTimers();
    fake.behaviour.charge = "success";
  });

  const post = (event: object) =>
    app.inject({
      method: "POST",
      url: "/api/open/webhooks/netpay",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(event),
    });
  const netpayEvent = (event: string, transactionTokenId: string | null) => ({
    event,
    type: "charge",
    createdAt: String(Date.now() + Math.random()),
    data: { status: "DONE", id: randomUUID(), ...(transactionTokenId ? { transactionTokenId } : {}) },
  });
  const storedOutcomes = async (transactionTokenId: string) =>
    (
      await app.db
        .selectFrom("provider_events")
        .select(["outcome", "event_id"])
        .where("provider", "=", "netpay")
        .execute()
    )
      .filter((row) => row.event_id.includes(transactionTokenId))
      .map((row) => row.outcome);

  /** A charge NetPay made whose answer never came back: pending in the ledger, no transaction id known. */
  async function lostCharge() {
    const driver = await createDriverWithProfile(app);
    // A card saved with NetPay before (its client and card token), verified.
    const methodId = randomUUID();
    const now = new Date().toISOString();
    await app.db
      .insertInto("payment_methods")
      .values({
        id: methodId,
        user_id: driver.user.id,
        gateway: "netpay",
        country: "mx",
        customer_ref: "client-1",
        card_ref: "token_q8L5Bf",
        brand: "visa",
        last4: "4242",
        exp_month: 12,
        exp_year: 2030,
        holder_name: null,
        is_default: 1,
        free_flow: 0,
        verified_at: now,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .execute();
    fake.behaviour.charge = "charge_then_hang";
    const result = await chargePayable(app, {
      userId: driver.user.id,
      purpose: "visit",
      payable: { type: NETPAY_TICKET, id: randomUUID(), locationId: null, vehicleId: null },
      breakdown: { subtotal: 1000, convenience_fee: 0, processing_fee: 0, tax: 0, total: 1000 },
      currency: "mxn",
      paymentMethodId: methodId,
      idempotencyKey: null,
      description: "NetPay ticket",
    });
    fake.behaviour.charge = "success";
    expect(result.status).toBe("pending");
    const transaction = fake.transactions.at(-1);
    return { payment: result.payment, transactionTokenId: transaction?.transactionTokenId ?? "" };
  }
  const statusOf = async (id: string) => (await findPaymentById(app.db, id))?.status;

  it("a charge that timed out after NetPay took it is never failed: unknown until an event names it, then read back", async () => {
    const { payment, transactionTokenId } = await lostCharge();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
    await sweepPayments(app);
    await app.jobs.runDueJobs();
    expect(await statusOf(payment.id)).toBe("pending");

    // Out of order and unsigned: the event says nothing we trust but the transaction it names.
    const answer = await post(netpayEvent("charge.failed", transactionTokenId));
    expect(answer.statusCode).toBe(200);
    await app.jobs.runDueJobs();
    const settled = await findPaymentById(app.db, payment.id);
    expect(settled).toMatchObject({ status: "succeeded", provider_ref: transactionTokenId });
    expect(await storedOutcomes(transactionTokenId)).toEqual(["applied"]);
  });

  it("stores a replay once, an event about a transaction NetPay does not know as unmatched, and an event naming none as ignored", async () => {
    const event = netpayEvent("charge.paid", "5dced89c-0000-0000-0000-forged000001");
    expect((await post(event)).json().data.duplicate).toBe(false);
    expect((await post(event)).json().data.duplicate).toBe(true);
    await app.jobs.runDueJobs();
    expect(await storedOutcomes("forged000001")).toEqual(["unmatched"]);

    const unknown = netpayEvent("subscription.paid", null);
    expect((await post(unknown)).statusCode).toBe(200);
    const [stored] = await app.db
      .selectFrom("provider_events")
      .select("outcome")
      .where("event_id", "like", `subscription.paid:${unknown.data.id}:%`)
      .execute();
    expect(stored?.outcome).toBe("ignored");
    expect((await post({ data: {} })).statusCode).toBe(422);
  });

  it("shows a charge still unknown 24 h after the attempt as needing review, keeps it pending and keeps asking", async () => {
    const { payment } = await lostCharge();
    const row = {
      ...payment,
      location_id: null,
      location_name: null,
      plate: null,
      phone: null,
      driver_deleted_at: null,
      refunded: 0,
    };
    expect(presentCharge(row as never).status).toBe("pending");

    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse(payment.created_at) + 25 * 3600 * 1000 });
    const swept = await sweepPayments(app);
    expect(swept.needsReview).toBeGreaterThanOrEqual(1);
    await app.jobs.runDueJobs();
    expect(await statusOf(payment.id)).toBe("pending");
    expect(presentCharge(row as never).status).toBe("needs_review");
    // The sweep keeps the reconciliation queued: it asks again, and an unknown answer never fails the charge.
    const jobs = await app.db
      .selectFrom("jobs")
      .select(["dedupe_key"])
      .where("kind", "=", "payments.reconcile")
      .execute();
    expect(jobs.some((job) => job.dedupe_key === `reconcile:${payment.id}`)).toBe(true);
  });
});
