import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createJobRunner } from "../../src/modules/jobs/worker.ts";
import { GatewayUnavailableError, type PaymentGateway } from "../../src/modules/payments/gateway.ts";
import { setDefaultPaymentMethod } from "../../src/modules/payments/service.ts";
import { openPeriod } from "../../src/modules/subscriptions/billing.ts";
import { cancelSubscription } from "../../src/modules/subscriptions/passes.ts";
import {
  advanceSubscription,
  registerSubscriptionJobs,
  sweepSubscriptions,
} from "../../src/modules/subscriptions/renewals.ts";
import { type TestApp, testEngine } from "../support/helpers.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  outboxFor,
  saveSandboxCard,
  uniquePlate,
} from "../support/parking-fixtures.ts";
import { renewalClock } from "../support/renewal-clock.ts";
import { buyPass, periodChargesOf } from "../support/subscriptions-fixtures.ts";
import { passesWorld } from "../support/worlds/passes.ts";

/**
 * Renewals on a controlled clock (support/renewal-clock.ts) that go wrong: an unanswered 3-D Secure
 * first payment, a worker that died mid-renewal, two workers at once and random sequences of events.
 */
describe(`subscriptions: renewals on the clock (${testEngine})`, () => {
  const clock = renewalClock();
  const { HOUR, setClock, tick, passRow, currentPeriod, setCardBehaviour, expectInvariants, newPass } = clock;
  let app: TestApp;
  let passes: Awaited<ReturnType<typeof passesWorld>>;
  beforeAll(async () => {
    app = clock.app();
    passes = await passesWorld(app);
  });

  it("an unanswered 3-D Secure first payment leaves the pass incomplete; after 23 hours it expires", async () => {
    const driver = await createDriverWithVehicle(app, { plate: uniquePlate() });
    await saveSandboxCard(app, driver.user.id, { behaviour: "three_ds" });
    const bought = await buyPass(app, driver.headers, idempotencyKey(), {
      plan_uuid: passes.monthly.id,
      vehicle_uuid: driver.vehicle.id,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const { subscription, payment } = bought.json().data;
    expect(payment.status).toBe("requires_action");
    expect(subscription.status).toBe("incomplete");
    const start = Date.now();
    setClock(start + 22 * HOUR);
    await tick();
    expect((await passRow(subscription.uuid)).status).toBe("incomplete");
    setClock(start + 23 * HOUR + 60_000);
    await tick();
    expect((await passRow(subscription.uuid)).status).toBe("expired");
    // The place is free again: back on the real clock, the same vehicle buys a pass there.
    vi.useRealTimers();
    await app.db
      .updateTable("sandbox_cards")
      .set({ behaviour: "approve" })
      .where(
        "customer_id",
        "in",
        app.db.selectFrom("payment_methods").select("customer_ref").where("user_id", "=", driver.user.id),
      )
      .execute();
    const again = await buyPass(app, driver.headers, idempotencyKey(), {
      plan_uuid: passes.monthly.id,
      vehicle_uuid: driver.vehicle.id,
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("a renewal whose worker died after opening the period and before charging it is charged once, with one receipt", async () => {
    const { driver, pass } = await newPass(passes.weekly.id);
    setClock(Date.parse((await currentPeriod(pass.uuid)).ends_at) + HOUR);
    // What the dead worker committed: the next period opened and made current, no charge yet.
    await app.db.transaction().execute(async (tx) => {
      const subscription = await tx
        .selectFrom("subscriptions")
        .selectAll()
        .where("id", "=", pass.uuid)
        .executeTakeFirstOrThrow();
      const next = await openPeriod(tx, subscription, 2);
      await tx.updateTable("subscriptions").set({ current_period: next.number }).where("id", "=", pass.uuid).execute();
    });
    await tick();
    await tick();
    expect(await currentPeriod(pass.uuid)).toMatchObject({ number: 2, status: "paid" });
    const charges = await periodChargesOf(app, pass.uuid);
    expect(charges.map((charge) => [charge.number, charge.status])).toEqual([
      [1, "succeeded"],
      [2, "succeeded"],
    ]);
    const receipts = await outboxFor(app, driver.user.email as string);
    expect(receipts.filter((message) => message.subject?.includes("Pensión semanal"))).toHaveLength(2);
  });

  it("a renewal cut off before its charge reached the gateway is charged on the next worker pass, once, untold", async () => {
    const { driver, pass } = await newPass(passes.weekly.id);
    const due = Date.parse((await currentPeriod(pass.uuid)).ends_at) + HOUR;
    setClock(due);
    // The worker dies between recording the attempt and calling the gateway: the gateway never sees it.
    const cutOff = (gateway: PaymentGateway): PaymentGateway => ({
      ...gateway,
      charge: () => Promise.reject(new GatewayUnavailableError("sandbox", "worker killed before the call")),
    });
    const { mx, us, netpay } = app.providers.payments;
    await advanceSubscription(
      // The app itself, but for its gateways (Fastify's decorators sit on the instance's prototype chain).
      Object.assign(Object.create(app) as TestApp, {
        providers: { ...app.providers, payments: { mx: cutOff(mx), us: cutOff(us), netpay: cutOff(netpay) } },
      }),
      pass.uuid,
    );
    expect((await periodChargesOf(app, pass.uuid)).map((charge) => charge.status)).toEqual(["succeeded", "pending"]);
    // Reconciliation (30 s on) finds nothing at the gateway; the very same worker pass charges again.
    setClock(due + 60_000);
    await tick();
    expect(await currentPeriod(pass.uuid)).toMatchObject({ number: 2, status: "paid" });
    expect(await passRow(pass.uuid)).toMatchObject({ status: "active", failed_attempts: 0 });
    const charges = await periodChargesOf(app, pass.uuid);
    expect(charges.map((charge) => [charge.number, charge.status])).toEqual([
      [1, "succeeded"],
      [2, "failed"],
      [2, "succeeded"],
    ]);
    const messages = await outboxFor(app, driver.user.email as string);
    expect(messages.filter((message) => message.subject?.includes("Pensión semanal"))).toHaveLength(2);
    // No card said no: the driver is not told of a failed renewal.
    expect(
      messages.filter(
        (message) => /pago|payment/i.test(message.subject ?? "") && !message.subject?.includes("Pensión"),
      ),
    ).toEqual([]);
  });

  it("two workers renewing the same due passes at once charge each period once", async () => {
    const passes = await Promise.all(Array.from({ length: 6 }, () => newPass()));
    const latestEnd = Math.max(
      ...(await Promise.all(passes.map(async ({ pass }) => Date.parse((await currentPeriod(pass.uuid)).ends_at)))),
    );
    setClock(latestEnd + HOUR);
    const workers = ["worker-a", "worker-b"].map((workerId) => {
      const runner = createJobRunner({ db: app.db, log: app.log, workerId });
      registerSubscriptionJobs(app, runner);
      return runner;
    });
    await sweepSubscriptions(app);
    // Both workers drain the queue at once, and each pass is also advanced twice directly, as a
    // duplicated job would.
    await Promise.all([
      ...workers.map((worker) => worker.runDueJobs()),
      ...passes.flatMap(({ pass }) => [advanceSubscription(app, pass.uuid), advanceSubscription(app, pass.uuid)]),
    ]);
    while ((await app.jobs.runDueJobs()) > 0);
    for (const { pass } of passes) {
      const charges = await periodChargesOf(app, pass.uuid);
      expect(charges.filter((charge) => charge.number === 2 && charge.status === "succeeded")).toHaveLength(1);
      expect((await passRow(pass.uuid)).status).toBe("active");
      await expectInvariants(pass.uuid);
    }
  });

  it("random sequences of time, declines, new cards and cancellations never charge a period twice", async () => {
    const event = fc.oneof(
      fc.record({ kind: fc.constant("days" as const), days: fc.integer({ min: 1, max: 40 }) }),
      fc.record({ kind: fc.constant("card" as const), approve: fc.boolean() }),
      fc.record({ kind: fc.constant("new_default_card" as const) }),
      fc.record({ kind: fc.constant("cancel" as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 8 }), async (events) => {
        vi.useRealTimers();
        const { driver, card, pass } = await newPass();
        let now = Date.now();
        for (const step of events) {
          if (step.kind === "days") {
            now += step.days * 24 * HOUR;
            setClock(now);
          } else if (step.kind === "card") await setCardBehaviour(card.id, step.approve ? "approve" : "decline");
          else if (step.kind === "new_default_card") {
            const added = await saveSandboxCard(app, driver.user.id, { isDefault: false });
            await setDefaultPaymentMethod(app, driver.user.id, added.id);
          } else await cancelSubscription(app.db, driver.user.id, pass.uuid).catch(() => undefined);
          await tick();
          await expectInvariants(pass.uuid);
        }
      }),
      { numRuns: 12 },
    );
  });
});
