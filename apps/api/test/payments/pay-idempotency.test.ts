import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ChargeOutcome, PaymentGateway } from "../../src/modules/payments/gateway.ts";
import { sweepCutOffAttempts } from "../../src/modules/payments/ledger.ts";
import { createSandboxGateway } from "../../src/modules/payments/sandbox/gateway.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  parkedFor,
  saveSandboxCard,
  startParkedVisit,
  visitCharges,
} from "../support/parking-fixtures.ts";
import { createLocation } from "../support/world.ts";

/**
 * The pay call claims its Idempotency-Key in the ledger's first transaction and keeps its answer
 * in the last (docs/decisions/0046), not in commits of their own around the handler. Every
 * promise of the key still holds: parallel duplicates charge once, a kept decline replays, and a
 * process that stops between the provider's charge and the outcome leaves the key held, the
 * attempt pending for reconciliation, and the same key answering the settled stay later.
 */

/** The sandbox gateway; with `stopAfterCharge` a charge is taken and its answer never comes back (a process that died). */
const control = { stopAfterCharge: false };
let sandbox: PaymentGateway;
const gateway: PaymentGateway = {
  name: "sandbox",
  cardFormConfig: () => ({ provider: "sandbox", publicKey: null, scriptUrl: null, frameUrl: "/sandbox/card-form" }),
  saveCard: (input) => sandbox.saveCard(input),
  deleteCard: (input) => sandbox.deleteCard(input),
  async charge(request) {
    const outcome = await sandbox.charge(request);
    if (control.stopAfterCharge) return new Promise<ChargeOutcome>(() => {});
    return outcome;
  },
  refund: (request) => sandbox.refund(request),
  findCharge: (reference, providerRef) => sandbox.findCharge(reference, providerRef),
  findRefund: (lookup) => sandbox.findRefund(lookup),
};

describe(`the pay call's Idempotency-Key inside the ledger's transactions (${testEngine})`, () => {
  let app: TestApp;
  let lotId: string;
  beforeAll(async () => {
    app = await createTestApp({ providers: { payments: { mx: gateway, us: gateway, netpay: gateway } } });
    lotId = (await createLocation(app)).id;
    sandbox = createSandboxGateway({ db: app.db, shape: "conekta" });
  });
  afterAll(async () => app.close());
  afterEach(() => {
    vi.useRealTimers();
    control.stopAfterCharge = false;
  });

  async function parkedDriver(options: { behaviour?: "approve" | "decline" } = {}) {
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id, { behaviour: options.behaviour ?? "approve" });
    const visitId = await startParkedVisit(app, driver, 90, lotId);
    return { ...driver, visitId };
  }
  const pay = (driver: { headers: Record<string, string>; visitId: string }, key: string) =>
    app.inject({
      method: "POST",
      url: `/api/user/visit/${driver.visitId}/pay`,
      headers: { ...driver.headers, "idempotency-key": key, "accept-language": "en" },
      payload: {},
    });
  const providerChargesOf = async (visitId: string) => {
    const ids = (await visitCharges(app, visitId)).map((charge) => charge.id);
    if (ids.length === 0) return [];
    return app.db.selectFrom("sandbox_charges").select("id").where("reference", "in", ids).execute();
  };
  const keyRecord = (userId: string, key: string) =>
    app.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("user_id", "=", userId)
      .where("key", "=", key)
      .executeTakeFirst();

  it("8 parallel pays under one key: one charge; each answer is the first one or 409 retry", async () => {
    const driver = await parkedDriver();
    const key = idempotencyKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(driver, key)));
    const paid = answers.filter((answer) => answer.statusCode === 200);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    const [first] = paid;
    for (const answer of paid) expect(answer.json()).toEqual(first?.json());
    for (const answer of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().error).toBe("action_not_available");
      expect(answer.headers["retry-after"]).toBe("1");
    }
    expect(first?.json().data.visit.status).toBe("finished");
    expect(await visitCharges(app, driver.visitId)).toHaveLength(1);
    expect(await providerChargesOf(driver.visitId)).toHaveLength(1);
    expect(await keyRecord(driver.user.id, key)).toMatchObject({ status: "completed", response_status: 200 });

    const replay = await pay(driver, key);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(first?.json());
  });

  it("a decline is kept with the outcome: the same key replays it and charges nothing more", async () => {
    const driver = await parkedDriver({ behaviour: "decline" });
    const key = idempotencyKey();
    const declined = await pay(driver, key);
    expect(declined.statusCode).toBe(402);
    expect(await keyRecord(driver.user.id, key)).toMatchObject({ status: "completed", response_status: 402 });
    const replay = await pay(driver, key);
    expect(replay.statusCode).toBe(402);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(declined.json());
    expect(await visitCharges(app, driver.visitId)).toHaveLength(1);
    expect(await providerChargesOf(driver.visitId)).toHaveLength(1);
  });

  it("a refusal before any write is kept too (no card to charge)", async () => {
    const driver = await createDriverWithVehicle(app);
    const started = await app.inject({
      method: "POST",
      url: "/api/user/visit",
      headers: driver.headers,
      payload: { location_uuid: lotId, vehicle_uuid: driver.vehicle.id },
    });
    const payer = { ...driver, visitId: started.json().data.uuid as string };
    await parkedFor(app, payer.visitId, 90);
    const key = idempotencyKey();
    const refused = await pay(payer, key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe("no_payment_method");
    // A card saved since does not change the answer kept under this key.
    await saveSandboxCard(app, driver.user.id);
    const replay = await pay(payer, key);
    expect(replay.statusCode).toBe(422);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(await visitCharges(app, payer.visitId)).toHaveLength(0);
  });

  it("stopped between the provider's charge and the outcome: the key stays held, reconciliation settles once, the key answers later", async () => {
    const driver = await parkedDriver();
    const key = idempotencyKey();
    control.stopAfterCharge = true;
    // The request never answers: the process "died" after the provider took the money.
    void pay(driver, key);
    // The charge is reached through a few queries on a possibly loaded runner: wait up to 15 s, not 1 s.
    await vi.waitFor(async () => expect(await providerChargesOf(driver.visitId)).toHaveLength(1), {
      timeout: 15_000,
      interval: 50,
    });
    const [attempt] = await visitCharges(app, driver.visitId);
    expect(attempt?.status).toBe("pending");
    expect(await keyRecord(driver.user.id, key)).toMatchObject({ status: "in_progress" });
    control.stopAfterCharge = false;

    // The same request while the first may still run: 409, nothing charged again.
    const meanwhile = await pay(driver, key);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error).toBe("action_not_available");

    // 30 s on, the sweep finds the attempt cut off (pending, no job) and schedules its
    // reconciliation, which asks the provider and settles it.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.now() + 3 * 60_000));
    expect(await sweepCutOffAttempts(app)).toBe(1);
    expect(await sweepCutOffAttempts(app)).toBe(0);
    await app.jobs.runDueJobs();
    expect((await visitCharges(app, driver.visitId)).map((charge) => charge.status)).toEqual(["succeeded"]);

    // The held key is past its two minutes: the same request takes it over and answers the paid stay.
    const later = await pay(driver, key);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data.visit.status).toBe("finished");
    expect(later.json().data.payment).toMatchObject({ uuid: attempt?.id, status: "succeeded" });
    expect(await keyRecord(driver.user.id, key)).toMatchObject({ status: "completed", response_status: 200 });
    expect(await visitCharges(app, driver.visitId)).toHaveLength(1);
    expect(await providerChargesOf(driver.visitId)).toHaveLength(1);
  });
});
