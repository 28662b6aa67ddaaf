import { SUBSCRIPTION_STATUSES } from "@estaciona/contracts";
import { formatMoney } from "@estaciona/contracts/money";
import { addDays } from "@estaciona/contracts/periods";
import type { PlanQuote } from "@estaciona/contracts/schemas/subscriptions";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createJobRunner } from "../../src/modules/jobs/worker.ts";
import { GatewayUnavailableError, type PaymentGateway } from "../../src/modules/payments/gateway.ts";
import { setDefaultPaymentMethod } from "../../src/modules/payments/service.ts";
import { openPeriod } from "../../src/modules/subscriptions/billing.ts";
import { cancelSubscription, getSubscription } from "../../src/modules/subscriptions/passes.ts";
import {
  advanceSubscription,
  registerSubscriptionJobs,
  sweepSubscriptions,
} from "../../src/modules/subscriptions/renewals.ts";
import { RENEWAL_RETRY_HOURS } from "../../src/modules/subscriptions/status.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  outboxFor,
  saveSandboxCard,
  uniquePlate,
} from "../support/parking-fixtures.ts";
import {
  AUSTIN_MONTHLY,
  buyPass,
  FUNDIDORA_MONTHLY,
  FUNDIDORA_WEEKLY,
  periodChargesOf,
} from "../support/subscriptions-fixtures.ts";

/**
 * Renewals, retries and expiries on a controlled clock: Date is faked (lib/time.ts reads it), the
 * work is found by the sweep and run by the job queue, as the worker does, never by sleeping.
 */
describe(`subscriptions: renewals on the clock (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());
  afterEach(() => vi.useRealTimers());

  const HOUR = 3600_000;
  const setClock = (at: number) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at);
  };
  /** What the worker does every minute: find due passes, run their jobs (and the ledger's). */
  const tick = async () => {
    await sweepSubscriptions(app);
    while ((await app.jobs.runDueJobs()) > 0);
  };
  const passRow = (id: string) =>
    app.db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const currentPeriod = async (id: string) => {
    const pass = await passRow(id);
    return app.db
      .selectFrom("subscription_periods")
      .selectAll()
      .where("subscription_id", "=", id)
      .where("number", "=", pass.current_period)
      .executeTakeFirstOrThrow();
  };
  const setCardBehaviour = (cardId: string, behaviour: "approve" | "decline") =>
    app.db
      .updateTable("sandbox_cards")
      .set({ behaviour })
      .where("id", "=", app.db.selectFrom("payment_methods").select("card_ref").where("id", "=", cardId))
      .execute();
  /** At most one successful charge per period, and every status one of docs/product/entities-and-states.md's. */
  const expectInvariants = async (id: string) => {
    const charges = await periodChargesOf(app, id);
    const succeeded = charges.filter((charge) => charge.status === "succeeded").map((charge) => charge.number);
    expect(new Set(succeeded).size).toBe(succeeded.length);
    expect(SUBSCRIPTION_STATUSES).toContain((await passRow(id)).status);
  };

  async function newPass(plan = FUNDIDORA_MONTHLY, body: object = {}, host?: string) {
    const driver = await createDriverWithVehicle(app, { plate: uniquePlate() });
    const card = await saveSandboxCard(app, driver.user.id);
    const headers = host ? { ...driver.headers, host } : driver.headers;
    const response = await buyPass(app, headers, idempotencyKey(), {
      plan_uuid: plan,
      vehicle_uuid: driver.vehicle.id,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { driver, card, pass: response.json().data.subscription as { uuid: string; status: string } };
  }

  it("renews a monthly pass for a year: each period opened once and charged once, with receipts", async () => {
    const { driver, pass } = await newPass();
    for (let month = 2; month <= 13; month++) {
      const period = await currentPeriod(pass.uuid);
      setClock(Date.parse(period.ends_at) + HOUR);
      await tick();
      await tick(); // a second sweep at the same moment changes nothing
      expect((await passRow(pass.uuid)).current_period).toBe(month);
      expect((await currentPeriod(pass.uuid)).status).toBe("paid");
    }
    const charges = await periodChargesOf(app, pass.uuid);
    expect(charges.map((charge) => [charge.number, charge.status])).toEqual(
      Array.from({ length: 13 }, (_, index) => [index + 1, "succeeded"]),
    );
    const periods = (await getSubscription(app.db, driver.user.id, pass.uuid)).periods;
    // Consecutive whole months: each period starts the day after the previous one's last day.
    for (const [index, period] of periods.entries())
      if (index > 0) expect(period.start_date).toBe(addDays(periods[index - 1]?.last_day ?? "", 1));
    const receipts = await app.db
      .selectFrom("outbox_messages")
      .select("id")
      .where("recipient", "=", driver.user.email as string)
      .where("subject", "like", "%Pensión mensual%")
      .execute();
    expect(receipts).toHaveLength(13);
  });

  it("prices a three-period promo alike everywhere for a year: checkout, pass page, reminder, renewal job and receipt", async () => {
    const driver = await createDriverWithVehicle(app, { plate: uniquePlate() });
    await saveSandboxCard(app, driver.user.id, { country: "us" });
    const get = async (url: string) => (await app.inject({ method: "GET", url, headers: driver.headers })).json().data;
    const quote: PlanQuote = await get(`/api/user/plan/${AUSTIN_MONTHLY}/quote?discount_code=AUSTIN20`);
    const checkout = (n: number) =>
      n === 1 ? quote.first_period.total : quote.renewals.filter((step) => step.from_period <= n).at(-1)?.amounts.total;
    const bought = await buyPass(app, driver.headers, idempotencyKey(), {
      plan_uuid: AUSTIN_MONTHLY,
      vehicle_uuid: driver.vehicle.id,
      discount_code: "AUSTIN20",
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const uuid: string = bought.json().data.subscription.uuid;
    const passPage = new Map<number, { date: string; total: number } | null>();
    for (let month = 2; month <= 13; month++) {
      // The pass page's answer (the route's own function: a month on, the test's access token has expired).
      const page = await getSubscription(app.db, driver.user.id, uuid);
      passPage.set(month, page.next_charge);
      const end = Date.parse((await currentPeriod(uuid)).ends_at);
      setClock(end - 2 * 24 * HOUR);
      await tick();
      setClock(end + HOUR);
      await tick();
    }
    const periods = (await getSubscription(app.db, driver.user.id, uuid)).periods;
    const charges = await periodChargesOf(app, uuid);
    const messages = await outboxFor(app, driver.user.email as string);
    const totalsIn = (pattern: RegExp) => messages.filter((m) => pattern.test(m.body)).map((m) => m.body);
    const receipts = totalsIn(/Total:/);
    // Reminders go on the driver's channel: SMS until they choose another (docs/product/reminders.md).
    const texts = await outboxFor(app, driver.user.phone);
    const reminders = texts.filter((m) => /se renueva el/.test(m.body)).map((m) => m.body);
    expect(periods).toHaveLength(13);
    expect(receipts).toHaveLength(13);
    expect(reminders).toHaveLength(12);
    for (let n = 1; n <= 13; n++) {
      const total = periods[n - 1]?.amounts.total as number;
      expect(checkout(n), `period ${n}`).toBe(total);
      if (n > 1) expect(passPage.get(n), `period ${n}`).toEqual({ date: periods[n - 1]?.start_date, total });
      if (n > 1) expect(reminders[n - 2]).toContain(`por ${formatMoney(total, "usd")}`);
      expect(charges[n - 1]).toMatchObject({ number: n, status: "succeeded", amount: total });
      expect(receipts[n - 1]).toContain(`Total: ${formatMoney(total, "usd")}`);
    }
    // $20 off periods 1 to 3 (so the charge after the first is still discounted), full price after.
    expect(periods.map((period) => period.discount)).toEqual([2000, 2000, 2000, ...Array(10).fill(0)]);
    expect(quote.renewals.map((step) => [step.from_period, step.date])).toEqual([
      [2, periods[1]?.start_date],
      [4, periods[3]?.start_date],
    ]);
  });

  it("reminds the driver once, seven days before a monthly renewal, on their channel, with the day, the amount and the pass on the host it was bought on", async () => {
    const { driver, pass } = await newPass(FUNDIDORA_MONTHLY, {}, "isisa.localhost:8080");
    const end = Date.parse((await currentPeriod(pass.uuid)).ends_at);
    const reminders = () =>
      app.db
        .selectFrom("outbox_messages")
        .select(["channel", "body"])
        .where("recipient", "in", [driver.user.email as string, driver.user.phone])
        .where("body", "like", "%se renueva el%")
        .execute();
    setClock(end - 8 * 24 * HOUR);
    await tick();
    expect(await reminders()).toHaveLength(0);
    setClock(end - 6 * 24 * HOUR);
    await tick();
    await tick();
    const sent = await reminders();
    expect(sent.map((message) => message.channel)).toEqual(["sms"]);
    expect(sent[0]?.body).toContain("$1,796.43");
    for (const message of sent) expect(message.body).toContain(`http://isisa.localhost:8080/pensiones/${pass.uuid}`);
  });

  it("starts a scheduled pass on its first day: trial until then, charged then, once", async () => {
    const start = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Monterrey" }).format(
      Date.now() + 5 * 24 * HOUR,
    );
    const { pass } = await newPass(FUNDIDORA_WEEKLY, { start_date: start });
    expect(pass.status).toBe("trial");
    const first = await currentPeriod(pass.uuid);
    setClock(Date.parse(first.starts_at) - 60_000);
    await tick();
    expect((await passRow(pass.uuid)).status).toBe("trial");
    setClock(Date.parse(first.starts_at) + 60_000);
    await tick();
    await tick();
    expect((await passRow(pass.uuid)).status).toBe("active");
    expect(await periodChargesOf(app, pass.uuid)).toHaveLength(1);
  });

  it("a failed renewal is past_due, retried on the schedule, then unpaid; a new default card recovers it at once", async () => {
    const { driver, card, pass } = await newPass();
    await setCardBehaviour(card.id, "decline");
    const renewalAt = Date.parse((await currentPeriod(pass.uuid)).ends_at) + HOUR;
    setClock(renewalAt);
    await tick();
    let row = await passRow(pass.uuid);
    expect(row).toMatchObject({ status: "past_due", failed_attempts: 1, current_period: 2 });
    let at = renewalAt;
    for (const [index, hours] of RENEWAL_RETRY_HOURS.entries()) {
      // Not before the retry is due…
      setClock(at + hours * HOUR - 60_000);
      await tick();
      expect((await passRow(pass.uuid)).failed_attempts).toBe(index + 1);
      // …and once when it is.
      at = Date.parse(row.next_retry_at as string);
      setClock(at + 60_000);
      await tick();
      row = await passRow(pass.uuid);
      expect(row.failed_attempts).toBe(index + 2);
    }
    expect(row.status).toBe("unpaid");
    expect(row.next_retry_at).toBeNull();
    const failedNotices = await app.db
      .selectFrom("outbox_messages")
      .select("subject")
      .where("recipient", "=", driver.user.email as string)
      .where("subject", "like", "%pausada%")
      .execute();
    expect(failedNotices).toHaveLength(1);
    // Paused: the sweep leaves it alone.
    setClock(at + 30 * 24 * HOUR);
    await tick();
    expect((await passRow(pass.uuid)).status).toBe("unpaid");

    const newCard = await saveSandboxCard(app, driver.user.id, { isDefault: false, last4: "5556" });
    await setDefaultPaymentMethod(app, driver.user.id, newCard.id);
    await tick();
    row = await passRow(pass.uuid);
    expect(row.status).toBe("active");
    const period = await currentPeriod(pass.uuid);
    expect(period.status).toBe("paid");
    // It resumes from the day it was paid, not from the paused days.
    expect(period.start_date).toBe(
      new Intl.DateTimeFormat("en-CA", { timeZone: "America/Monterrey" }).format(Date.now()),
    );
    const charges = await periodChargesOf(app, pass.uuid);
    expect(charges.filter((charge) => charge.number === 2).map((charge) => charge.status)).toEqual([
      "failed",
      "failed",
      "failed",
      "failed",
      "succeeded",
    ]);
    await expectInvariants(pass.uuid);
  });

  it("a past-due pass is paid at once from the pass with another card: active, the same period charged once", async () => {
    const { driver, card, pass } = await newPass();
    await setCardBehaviour(card.id, "decline");
    setClock(Date.parse((await currentPeriod(pass.uuid)).ends_at) + HOUR);
    await tick();
    expect((await passRow(pass.uuid)).status).toBe("past_due");
    vi.useRealTimers();
    const other = await saveSandboxCard(app, driver.user.id, { isDefault: false, last4: "0005" });
    const pay = (key: string) =>
      app.inject({
        method: "POST",
        url: `/api/user/subscription/${pass.uuid}/pay`,
        headers: { ...driver.headers, "idempotency-key": key },
        payload: { payment_method_uuid: other.id },
      });
    const key = idempotencyKey();
    const paid = await pay(key);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ payment: { status: "succeeded" }, subscription: { status: "active" } });
    expect((await pay(key)).json().data.payment.uuid).toBe(paid.json().data.payment.uuid);
    expect((await pay(idempotencyKey())).json().error).toBe("subscription_update_failed");
    const period2 = (await periodChargesOf(app, pass.uuid)).filter((charge) => charge.number === 2);
    expect(period2.map((charge) => charge.status).sort()).toEqual(["failed", "succeeded"]);
  });

  it("cancelled at period end: active until the last day, then canceled, never charged again", async () => {
    const { driver, pass } = await newPass();
    const cancelled = await cancelSubscription(app.db, driver.user.id, pass.uuid);
    expect(cancelled).toMatchObject({ status: "active", cancel_at_period_end: true });
    const end = Date.parse((await currentPeriod(pass.uuid)).ends_at);
    setClock(end - 60_000);
    await tick();
    expect((await passRow(pass.uuid)).status).toBe("active");
    setClock(end + 60_000);
    await tick();
    expect((await passRow(pass.uuid)).status).toBe("canceled");
    expect(await periodChargesOf(app, pass.uuid)).toHaveLength(1);
  });

  it("an unanswered 3-D Secure first payment leaves the pass incomplete; after 23 hours it expires", async () => {
    const driver = await createDriverWithVehicle(app, { plate: uniquePlate() });
    await saveSandboxCard(app, driver.user.id, { behaviour: "three_ds" });
    const bought = await buyPass(app, driver.headers, idempotencyKey(), {
      plan_uuid: FUNDIDORA_MONTHLY,
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
      plan_uuid: FUNDIDORA_MONTHLY,
      vehicle_uuid: driver.vehicle.id,
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("a renewal whose worker died after opening the period and before charging it is charged once, with one receipt", async () => {
    const { driver, pass } = await newPass(FUNDIDORA_WEEKLY);
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
    const { driver, pass } = await newPass(FUNDIDORA_WEEKLY);
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
