import { formatMoney } from "@estaciona/contracts/money";
import { addDays } from "@estaciona/contracts/periods";
import type { PlanQuote } from "@estaciona/contracts/schemas/subscriptions";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { nowIso } from "../../src/lib/time.ts";
import { setDefaultPaymentMethod } from "../../src/modules/payments/service.ts";
import { cancelSubscription, getSubscription } from "../../src/modules/subscriptions/passes.ts";
import { RENEWAL_RETRY_HOURS } from "../../src/modules/subscriptions/status.ts";
import { PLATFORM_ORGANISATION } from "../../src/seed/reference.ts";
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
 * Renewals on a controlled clock (support/renewal-clock.ts): periods opened and charged once,
 * reminders, scheduled starts, retries of a failed renewal and cancelling at the period's end.
 */
describe(`subscriptions: renewals on the clock (${testEngine})`, () => {
  const clock = renewalClock();
  const { HOUR, setClock, tick, passRow, currentPeriod, setCardBehaviour, expectInvariants, newPass } = clock;
  let app: TestApp;
  let passes: Awaited<ReturnType<typeof passesWorld>>;
  beforeAll(async () => {
    app = clock.app();
    passes = await passesWorld(app);
    // $20 off the first three months in Austin, for every pass of the organisation.
    await app.db
      .insertInto("discounts")
      .values({
        id: newId(),
        code: "AUSTIN20",
        kind: "amount",
        value: 2000,
        currency: "usd",
        plan_id: null,
        periods: 3,
        starts_on: null,
        ends_on: null,
        max_redemptions: 500,
        redemptions: 0,
        organisation_id: PLATFORM_ORGANISATION.id,
        created_at: nowIso(),
      })
      .execute();
  });

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
    const quote: PlanQuote = await get(`/api/user/plan/${passes.austinMonthly.id}/quote?discount_code=AUSTIN20`);
    const checkout = (n: number) =>
      n === 1 ? quote.first_period.total : quote.renewals.filter((step) => step.from_period <= n).at(-1)?.amounts.total;
    const bought = await buyPass(app, driver.headers, idempotencyKey(), {
      plan_uuid: passes.austinMonthly.id,
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
    const { driver, pass } = await newPass(passes.monthly.id, {}, "isisa.localhost:8080");
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
    const { pass } = await newPass(passes.weekly.id, { start_date: start });
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
});
