import { generateKeyPairSync, randomUUID, sign } from "node:crypto";
import { PAYABLE_TYPES, type PayableType } from "@estaciona/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { allowPayableKinds } from "../../src/db/migrations/2026112710_payable_kinds.ts";
import { GatewayUnavailableError, type PaymentGateway } from "../../src/modules/payments/gateway.ts";
import { chargePayable, registerPayable, sweepPayments } from "../../src/modules/payments/ledger.ts";
import { findPaymentById } from "../../src/modules/payments/repository.ts";
import { askForDueSandboxEvents, JOB_SANDBOX_EVENTS } from "../../src/modules/payments/sandbox/events.ts";
import { createSandboxGateway } from "../../src/modules/payments/sandbox/gateway.ts";
import { signHmacWebhook } from "../../src/modules/payments/sandbox/webhooks.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { addMexicanCard, createDriverWithProfile, ledgerRowsOf } from "../support/payments-helpers.ts";

/**
 * Gateways' webhooks (docs/decisions/0155): signed as each provider documents, stored once by the
 * provider's event id, applied through the ledger's own reconciliation step. The sandbox gateway
 * signs and sends its own, so the default setup exercises the whole path.
 */
const SANDBOX_SECRET = "webhook-test-secret-0123456789";
const NMI_KEY = "nmi-signing-key-for-tests";
const conektaKeys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const conektaPublicPem = conektaKeys.publicKey.export({ type: "spki", format: "pem" }).toString();

// A payable of this file's own, moved to paid by the ledger (as in payments-ledger.test.ts).
const WEBHOOK_TICKET = "webhook_ticket" as PayableType;
registerPayable(WEBHOOK_TICKET, {
  async onSucceeded(tx, payment) {
    await tx
      .updateTable("webhook_tickets" as never)
      .set({ paid_by: payment.id } as never)
      .where(sql.ref("id"), "=", payment.payable_id)
      .execute();
  },
});

describe(`gateways' webhooks (${testEngine})`, () => {
  let app: TestApp;
  let sandbox: PaymentGateway;
  // The real sandbox, able to lose the answer of a charge it made (the provider took the money).
  let loseChargeAnswer = false;
  const gateway: PaymentGateway = {
    name: "sandbox",
    cardFormConfig: () => ({ provider: "sandbox", publicKey: null, scriptUrl: null, frameUrl: "/sandbox/card-form" }),
    saveCard: (input) => sandbox.saveCard(input),
    deleteCard: (input) => sandbox.deleteCard(input),
    async charge(request) {
      const outcome = await sandbox.charge(request);
      if (loseChargeAnswer) throw new GatewayUnavailableError("sandbox", "connection reset after the charge");
      return outcome;
    },
    refund: (request) => sandbox.refund(request),
    findCharge: (reference, providerRef, since) => sandbox.findCharge(reference, providerRef, since),
    findRefund: (lookup) => sandbox.findRefund(lookup),
  };

  beforeAll(async () => {
    app = await createTestApp({
      env: {
        SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
        NMI_WEBHOOK_SIGNING_KEY: NMI_KEY,
        CONEKTA_WEBHOOK_PUBLIC_KEY: conektaPublicPem.replace(/\n/g, "\\n"),
      },
      providers: { payments: { mx: gateway, us: gateway, netpay: gateway } },
    });
    sandbox = createSandboxGateway({ db: app.db, shape: "conekta", sendsWebhooks: true });
    await app.db.schema
      .createTable("webhook_tickets")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("paid_by", "text")
      .execute();
    await allowPayableKinds(app.db as never, [...PAYABLE_TYPES, WEBHOOK_TICKET]);
  });
  afterAll(async () => app.close());
  beforeEach(() => {
    loseChargeAnswer = false;
  });

  const post = (provider: string, body: string, headers: Record<string, string>) =>
    app.inject({
      method: "POST",
      url: `/api/open/webhooks/${provider}`,
      headers: { "content-type": "application/json", "accept-language": "en", ...headers },
      payload: body,
    });
  const postSandbox = (event: object, secret = SANDBOX_SECRET) => {
    const body = JSON.stringify(event);
    return post("sandbox", body, { "webhook-signature": signHmacWebhook(secret, body) });
  };
  const eventsWith = (eventId: string) =>
    app.db.selectFrom("provider_events").selectAll().where("event_id", "=", eventId).execute();
  const sandboxEvent = (type: string, data: { charge_id: string; reference: string }) => ({
    id: `evt_${randomUUID()}`,
    type,
    created_at: new Date().toISOString(),
    data,
  });

  async function driverWithCard() {
    const driver = await createDriverWithProfile(app);
    const saved = await addMexicanCard(app, driver.headers, "4242424242424242");
    expect(saved.statusCode, saved.body).toBe(201);
    return { ...driver, methodId: saved.json().data.payment_method.uuid as string };
  }

  /** A ticket charged while the provider's answer is lost: the charge is made, the ledger says pending. */
  async function chargeWithLostAnswer(driver: { user: { id: string }; methodId: string }) {
    const ticketId = randomUUID();
    await app.db
      .insertInto("webhook_tickets" as never)
      .values({ id: ticketId, paid_by: null } as never)
      .execute();
    loseChargeAnswer = true;
    const result = await chargePayable(app, {
      userId: driver.user.id,
      purpose: "visit",
      payable: { type: WEBHOOK_TICKET, id: ticketId, locationId: null, vehicleId: null },
      breakdown: { subtotal: 5000, convenience_fee: 0, processing_fee: 0, tax: 0, total: 5000 },
      currency: "mxn",
      paymentMethodId: driver.methodId,
      idempotencyKey: null,
      description: "Webhook ticket",
    });
    loseChargeAnswer = false;
    expect(result.status).toBe("pending");
    const providerCharge = await app.db
      .selectFrom("sandbox_charges")
      .selectAll()
      .where("reference", "=", result.payment.id)
      .executeTakeFirstOrThrow();
    return { ticketId, payment: result.payment, providerCharge };
  }
  const ticketPaidBy = async (id: string) =>
    (await sql<{ paid_by: string | null }>`select paid_by from webhook_tickets where id = ${id}`.execute(app.db))
      .rows[0]?.paid_by;

  it("by default: the sandbox signs and sends its own events, each stored once and applied to the charge it names", async () => {
    const driver = await driverWithCard();
    await app.jobs.runDueJobs();
    await app.jobs.runDueJobs();
    const verification = (await ledgerRowsOf(app, driver.user.id)).find((row) => row.kind === "charge");
    const stored = await app.db
      .selectFrom("provider_events")
      .selectAll()
      .where("payment_id", "=", verification?.id ?? "")
      .execute();
    // The verification charge was made, then refunded: two events, both applied, nothing changed twice.
    expect(stored.map((row) => [row.type, row.outcome]).sort()).toEqual([
      ["charge.refunded", "applied"],
      ["charge.succeeded", "applied"],
    ]);
    const rows = await ledgerRowsOf(app, driver.user.id);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ["charge", "refunded"],
      ["refund", "succeeded"],
    ]);
  });

  const eventDueOf = async (chargeId: string) =>
    (await app.db.selectFrom("sandbox_charges").select("event_due").where("id", "=", chargeId).executeTakeFirst())
      ?.event_due;

  it("sends the events of charges made while their delivery job waits with that one job, each once", async () => {
    await app.jobs.runDueJobs();
    const drivers = [await driverWithCard(), await driverWithCard(), await driverWithCard()];
    // Three verification charges, one delivery job asked for; their refunds' events are queued as before.
    const waiting = await app.db
      .selectFrom("jobs")
      .select(["kind", "status"])
      .where("kind", "=", JOB_SANDBOX_EVENTS)
      .where("status", "in", ["queued", "running"])
      .execute();
    expect(waiting).toEqual([{ kind: JOB_SANDBOX_EVENTS, status: "queued" }]);
    await app.jobs.runDueJobs();
    await app.jobs.runDueJobs();
    for (const driver of drivers) {
      const charge = (await ledgerRowsOf(app, driver.user.id)).find((row) => row.kind === "charge");
      const stored = await app.db
        .selectFrom("provider_events")
        .select(["type", "outcome"])
        .where("payment_id", "=", charge?.id ?? "")
        .where("type", "=", "charge.succeeded")
        .execute();
      expect(stored).toEqual([{ type: "charge.succeeded", outcome: "applied" }]);
    }
    expect(
      await app.db.selectFrom("sandbox_charges").select("id").where("event_due", "is not", null).execute(),
    ).toEqual([]);

    // A charge whose event waits with no delivery job (made while the last one was ending): the
    // workers' safety net asks for one.
    const { providerCharge } = await chargeWithLostAnswer(await driverWithCard());
    await app.jobs.runDueJobs();
    await app.db
      .updateTable("sandbox_charges")
      .set({ event_due: "charge.succeeded" })
      .where("id", "=", providerCharge.id)
      .execute();
    await app.jobs.runDueJobs();
    expect(await eventDueOf(providerCharge.id)).toBe("charge.succeeded");
    await askForDueSandboxEvents(app.db);
    await app.jobs.runDueJobs();
    await app.jobs.runDueJobs();
    expect(await eventDueOf(providerCharge.id)).toBeNull();
  });

  it("refuses unsigned, forged and wrongly keyed events with 401 and stores nothing", async () => {
    const event = sandboxEvent("charge.succeeded", { charge_id: "ch_nothing", reference: randomUUID() });
    const body = JSON.stringify(event);
    const unsigned = await post("sandbox", body, {});
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error).toBe("authentication_error");
    const wrongKey = await postSandbox(event, "another-secret-0123456789");
    expect(wrongKey.statusCode).toBe(401);
    // A valid signature over other bytes: the body was changed in transit.
    const signature = signHmacWebhook(SANDBOX_SECRET, body);
    const tampered = await post("sandbox", body.replace("charge.succeeded", "charge.refunded"), {
      "webhook-signature": signature,
    });
    expect(tampered.statusCode).toBe(401);
    const garbage = await post("sandbox", body, { "webhook-signature": "t=1,s=zz" });
    expect(garbage.statusCode).toBe(401);
    expect(await eventsWith(event.id)).toHaveLength(0);
  });

  it("acknowledges a replayed or doubly delivered event and applies it once", async () => {
    const event = sandboxEvent("charge.succeeded", { charge_id: "ch_replayed", reference: randomUUID() });
    const body = JSON.stringify(event);
    const signature = signHmacWebhook(SANDBOX_SECRET, body);
    const answers = await Promise.all([0, 1, 2].map(() => post("sandbox", body, { "webhook-signature": signature })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().data.duplicate === false)).toHaveLength(1);
    expect(await eventsWith(event.id)).toHaveLength(1);
    const [stored] = await eventsWith(event.id);
    const applyJobs = await app.db.selectFrom("jobs").select("payload").where("kind", "=", "webhooks.apply").execute();
    expect(applyJobs.filter((job) => JSON.parse(job.payload).eventRowId === stored?.id)).toHaveLength(1);
  });

  it("stores and reports an event about no charge of ours, and changes nothing", async () => {
    const event = sandboxEvent("charge.succeeded", { charge_id: "ch_unknown", reference: randomUUID() });
    expect((await postSandbox(event)).statusCode).toBe(200);
    await app.jobs.runDueJobs();
    const [stored] = await eventsWith(event.id);
    expect(stored?.outcome).toBe("unmatched");
    expect(stored?.payment_id).toBeNull();
  });

  it("settles a charge whose answer was lost, and records a refund made in the provider's dashboard, whatever order the events arrive in", async () => {
    const driver = await driverWithCard();
    await app.jobs.runDueJobs();
    const { ticketId, payment, providerCharge } = await chargeWithLostAnswer(driver);
    // The refund made in the dashboard: no reference of ours.
    const dashboard = await sandbox.refund({
      reference: `dashboard-${randomUUID()}`,
      providerChargeRef: providerCharge.id,
      amount: 5000,
      currency: "mxn",
      reason: "dashboard",
    });
    expect(dashboard.status).toBe("succeeded");
    const data = { charge_id: providerCharge.id, reference: payment.id };
    // Out of order: the refund's event first, then the charge's.
    expect((await postSandbox(sandboxEvent("charge.refunded", data))).statusCode).toBe(200);
    expect((await postSandbox(sandboxEvent("charge.succeeded", data))).statusCode).toBe(200);
    await app.jobs.runDueJobs();
    await app.jobs.runDueJobs();
    const charge = await findPaymentById(app.db, payment.id);
    expect(charge?.status).toBe("refunded");
    expect(charge?.provider_ref).toBe(providerCharge.id);
    expect(await ticketPaidBy(ticketId)).toBe(payment.id);
    const refunds = (await ledgerRowsOf(app, driver.user.id)).filter(
      (row) => row.kind === "refund" && row.parent_payment_id === payment.id,
    );
    expect(refunds.map((row) => [row.amount, row.status, row.description])).toEqual([
      [5000, "succeeded", "provider_refund"],
    ]);
    // The sweep and any late event find nothing left to do.
    await sweepPayments(app);
    await postSandbox(sandboxEvent("charge.refunded", data));
    await app.jobs.runDueJobs();
    expect(
      (await ledgerRowsOf(app, driver.user.id)).filter((row) => row.parent_payment_id === payment.id),
    ).toHaveLength(1);
  });

  it("never fails a charge on an event the provider cannot confirm yet", async () => {
    const driver = await driverWithCard();
    await app.jobs.runDueJobs();
    const { payment } = await chargeWithLostAnswer(driver);
    // The event names our charge, but the provider's record of it is gone (not found): wait, not failed.
    await app.db.deleteFrom("sandbox_charges").where("reference", "=", payment.id).execute();
    await postSandbox(sandboxEvent("charge.succeeded", { charge_id: "ch_gone", reference: payment.id }));
    await app.jobs.runDueJobs();
    expect((await findPaymentById(app.db, payment.id))?.status).toBe("pending");
  });

  it("verifies Conekta's Digest (RSA-SHA256 of the raw body with the webhook key) and NMI's Webhook-Signature", async () => {
    const conektaEvent = JSON.stringify({
      id: `${randomUUID().replace(/-/g, "").slice(0, 24)}`,
      type: "order.paid",
      livemode: false,
      created_at: 1_700_000_000,
      data: { object: { id: "ord_2unknown", object: "order", metadata: { payment_reference: randomUUID() } } },
    });
    const digest = sign("sha256", Buffer.from(conektaEvent), conektaKeys.privateKey).toString("base64");
    expect((await post("conekta", conektaEvent, { digest })).statusCode).toBe(200);
    expect((await post("conekta", conektaEvent, {})).statusCode).toBe(401);
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    const forged = sign("sha256", Buffer.from(conektaEvent), otherKey).toString("base64");
    expect((await post("conekta", conektaEvent, { digest: forged })).statusCode).toBe(401);
    const ping = JSON.stringify({ id: randomUUID(), type: "webhook_ping", data: {} });
    const pingDigest = sign("sha256", Buffer.from(ping), conektaKeys.privateKey).toString("base64");
    expect((await post("conekta", ping, { digest: pingDigest })).statusCode).toBe(200);

    const nmiEvent = JSON.stringify({
      event_id: randomUUID(),
      event_type: "transaction.refund.success",
      event_body: { transaction_id: "10000000001", order_id: randomUUID(), action: { amount: "10.00" } },
    });
    expect((await post("nmi", nmiEvent, { "webhook-signature": signHmacWebhook(NMI_KEY, nmiEvent) })).statusCode).toBe(
      200,
    );
    expect(
      (await post("nmi", nmiEvent, { "webhook-signature": signHmacWebhook(SANDBOX_SECRET, nmiEvent) })).statusCode,
    ).toBe(401);
    await app.jobs.runDueJobs();
    const outcomes = await app.db
      .selectFrom("provider_events")
      .select(["provider", "type", "outcome"])
      .where("provider", "in", ["conekta", "nmi"])
      .orderBy("provider")
      .orderBy("type")
      .execute();
    expect(outcomes.map((row) => [row.provider, row.type, row.outcome])).toEqual([
      ["conekta", "order.paid", "unmatched"],
      ["conekta", "webhook_ping", "ignored"],
      ["nmi", "transaction.refund.success", "unmatched"],
    ]);
  });

  it("answers a signed event without the provider's id 422, and a body that is not JSON 400, never 5xx", async () => {
    expect((await postSandbox({ type: "charge.succeeded" })).statusCode).toBe(422);
    const broken = await post("sandbox", "{not json", { "webhook-signature": signHmacWebhook(SANDBOX_SECRET, "x") });
    expect(broken.statusCode).toBe(400);
    const unknownProvider = await postSandbox({ id: "x", type: "y" }).then(() =>
      post("stripe", "{}", { "webhook-signature": "t=1,s=00" }),
    );
    expect(unknownProvider.statusCode).toBeLessThan(500);
  });
});
