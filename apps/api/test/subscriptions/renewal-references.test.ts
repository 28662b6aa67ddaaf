import { describe, expect, it } from "vitest";
import { referenceOfUser } from "../../src/modules/payments/ledger.ts";
import { remindExpiringCards } from "../../src/modules/subscriptions/card-expiry.ts";
import { getSubscription } from "../../src/modules/subscriptions/passes.ts";
import { advanceSubscription, sweepSubscriptions } from "../../src/modules/subscriptions/renewals.ts";
import { countLivePassesByPlan } from "../../src/modules/subscriptions/repository/plans.ts";
import { testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, outboxFor, saveSandboxCard } from "../support/parking-fixtures.ts";
import { referenceCalls } from "../support/reference-calls.ts";
import { renewalClock } from "../support/renewal-clock.ts";
import { buyNewPassByReference, periodChargesOf } from "../support/subscriptions-fixtures.ts";

/**
 * A pass paid by reference renews by reference (issue 27 item 2, docs/decisions/0333): a day before the
 * next period starts, that period is opened once and one reference issued for it, expiring at its
 * start, and sent once by e-mail and on the driver's channel — however many sweeps and advance jobs
 * run, in parallel or again. Paid through the sandbox's webhook, the pass goes on into the next
 * period (one receipt); unpaid at the start, the pass ends and its place is let go.
 */
describe(`subscriptions: renewal by reference (${testEngine})`, () => {
  const clock = renewalClock();
  const { HOUR, setClock, tick, passRow, currentPeriod, expectInvariants } = clock;
  type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;

  // Read through the services: a session opened at purchase has expired a month later on this clock.
  const readReference = async (driver: Driver, paymentId: string) => {
    const reference = await referenceOfUser(clock.app().db, driver.user.id, paymentId);
    return { ...reference, number: reference.number ?? "", sandbox_url: reference.sandbox_url ?? "" };
  };

  /** The sandbox's store or bank pays the reference, and its webhook lands three times. */
  async function payReference(driver: Driver, paymentId: string) {
    const { pay, postWebhook, sandboxEvent, drainJobs } = referenceCalls(clock.app());
    const reference = await readReference(driver, paymentId);
    expect((await pay(reference.sandbox_url)).statusCode).toBe(200);
    const orderId = reference.sandbox_url.split("/").at(-1) as string;
    const event = sandboxEvent(paymentId, orderId);
    await Promise.all([postWebhook(event), postWebhook(event), postWebhook(event)]);
    await drainJobs();
  }

  /** A driver with no card whose pass at a Mexican lot was bought and paid by reference. */
  async function passPaidByReference(rail: "oxxo" | "spei") {
    const app = clock.app();
    const driver = await createDriverWithVehicle(app);
    const { plan, subscription, payment } = await buyNewPassByReference(app, driver, rail, 4);
    await payReference(driver, payment.uuid);
    expect((await passRow(subscription.uuid)).status).toBe("active");
    return { driver, plan, passId: subscription.uuid as string };
  }

  const chargesOfPeriod = async (passId: string, number: number) =>
    (await periodChargesOf(clock.app(), passId)).filter((charge) => charge.number === number);

  const messagesAbout = async (driver: Driver, text: string) => {
    const sent = [
      ...(await outboxFor(clock.app(), driver.user.email as string)),
      ...(await outboxFor(clock.app(), driver.user.phone)),
    ];
    return sent.filter((message) => message.body.includes(text));
  };

  const livePasses = async (planId: string) => (await countLivePassesByPlan(clock.app().db, [planId])).get(planId) ?? 0;

  const detail = (driver: Driver, passId: string) => getSubscription(clock.app().db, driver.user.id, passId);

  it("issues one reference a day ahead under parallel sweeps and jobs, sends it once; paid, the pass goes on", async () => {
    const app = clock.app();
    const { driver, passId } = await passPaidByReference("oxxo");
    const first = await currentPeriod(passId);
    expect((await detail(driver, passId)).renews_by).toBe("oxxo");
    // A card saved since, expiring before the renewal: it is not charged, and its expiry is no news.
    const card = await saveSandboxCard(app, driver.user.id, { last4: "4343" });
    const now = new Date();
    await app.db
      .updateTable("payment_methods")
      .set({ exp_year: now.getUTCFullYear(), exp_month: now.getUTCMonth() + 1 })
      .where("id", "=", card.id)
      .execute();
    expect(await remindExpiringCards(app)).toBe(0);

    // The week's reminder says the reference comes the day before, not that a card is charged.
    setClock(Date.parse(first.ends_at) - 6 * 24 * HOUR);
    await tick();
    const reminders = (await outboxFor(app, driver.user.phone)).filter((sms) => /se renueva|renews/.test(sms.body));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.body).toMatch(/Efectivo en OXXO|Cash at OXXO/);
    expect(reminders[0]?.body).not.toMatch(/tarjeta|card/i);

    // More than a day before the next period: nothing is asked yet.
    setClock(Date.parse(first.ends_at) - 25 * HOUR);
    await tick();
    expect(await chargesOfPeriod(passId, 2)).toHaveLength(0);

    setClock(Date.parse(first.ends_at) - 23 * HOUR);
    await Promise.all([
      tick(),
      tick(),
      ...Array.from({ length: 5 }, () => advanceSubscription(app, passId)),
      sweepSubscriptions(app),
    ]);
    await tick();
    await Promise.all([advanceSubscription(app, passId), advanceSubscription(app, passId)]);
    // A message job that ran while the gateway was still answering waits half a minute for it.
    setClock(Date.parse(first.ends_at) - 23 * HOUR + 60_000);
    await tick();

    const renewal = await chargesOfPeriod(passId, 2);
    expect(renewal.map((charge) => charge.status)).toEqual(["requires_action"]);
    const chargeId = renewal[0]?.id as string;
    const second = await app.db
      .selectFrom("subscription_periods")
      .selectAll()
      .where("subscription_id", "=", passId)
      .where("number", "=", 2)
      .execute();
    expect(second).toHaveLength(1);
    expect(second[0]?.status).toBe("due");
    const reference = await readReference(driver, chargeId);
    expect(reference).toMatchObject({ status: "awaiting", rail: "oxxo", amount: second[0]?.total });
    // It expires when the period starts: a day's life at most, never into the period it pays for.
    expect(reference.expires_at).toBe(new Date(second[0]?.starts_at as string).toISOString());
    // The pass keeps running on its paid period meanwhile.
    expect(await passRow(passId)).toMatchObject({ status: "active", current_period: 1 });

    // One e-mail and one text message (the driver's channel), with the number; nothing more on a re-run.
    const sent = await messagesAbout(driver, reference.number);
    expect(sent.map((message) => message.channel).sort()).toEqual(["email", "sms"]);
    const mail = sent.find((message) => message.channel === "email");
    expect(mail?.body).toContain("OXXO");
    expect(mail?.body).toMatch(/\/pensiones\//);
    await tick();
    expect(await messagesAbout(driver, reference.number)).toHaveLength(2);
    expect((await detail(driver, passId)).payments[0]).toMatchObject({ uuid: chargeId, status: "requires_action" });

    await payReference(driver, chargeId);
    expect(await passRow(passId)).toMatchObject({ status: "active", current_period: 2 });
    expect((await currentPeriod(passId)).status).toBe("paid");
    // The first period's receipt and this one's: one each, however many webhooks landed.
    const receipts = (await outboxFor(app, driver.user.email as string)).filter((message) =>
      /recibo|receipt/i.test(message.subject ?? ""),
    );
    expect(receipts).toHaveLength(2);

    // The period starts: nothing more to do, no card is charged.
    setClock(Date.parse(first.ends_at) + HOUR);
    await tick();
    await tick();
    expect(await passRow(passId)).toMatchObject({ status: "active", current_period: 2 });
    expect(await chargesOfPeriod(passId, 2)).toHaveLength(1);
    await expectInvariants(passId);

    // And the next one is asked for the same way.
    setClock(Date.parse((await currentPeriod(passId)).ends_at) - 12 * HOUR);
    await tick();
    expect((await chargesOfPeriod(passId, 3)).map((charge) => charge.status)).toEqual(["requires_action"]);
  });

  it("unpaid by the period's start: no card retry, the pass ends, its place is let go and the driver is told once", async () => {
    const app = clock.app();
    const { driver, plan, passId } = await passPaidByReference("spei");
    const first = await currentPeriod(passId);
    expect(await livePasses(plan.id)).toBe(1);

    setClock(Date.parse(first.ends_at) - 20 * HOUR);
    await tick();
    const [renewal] = await chargesOfPeriod(passId, 2);
    const reference = await readReference(driver, renewal?.id as string);
    expect(reference).toMatchObject({ rail: "spei", status: "awaiting", bank: expect.any(String) });
    const sent = await messagesAbout(driver, reference.number);
    expect(sent.map((message) => message.channel).sort()).toEqual(["email", "sms"]);

    // Past the start: the reference expires (the ledger's lookup at its expiry), then the pass ends.
    setClock(Date.parse(first.ends_at) + 5 * 60_000);
    await tick();
    await tick();
    await Promise.all([tick(), advanceSubscription(app, passId), advanceSubscription(app, passId)]);
    expect((await chargesOfPeriod(passId, 2)).map((charge) => charge.status)).toEqual(["failed"]);
    const ended = await passRow(passId);
    expect(ended).toMatchObject({ status: "canceled", current_period: 1, failed_attempts: 0, next_retry_at: null });
    expect(ended.ended_at).not.toBeNull();
    expect(await livePasses(plan.id)).toBe(0);
    expect((await readReference(driver, renewal?.id as string)).status).toBe("expired");

    const lapsed = (await outboxFor(app, driver.user.phone)).filter((message) => /terminó|ended/.test(message.body));
    expect(lapsed).toHaveLength(1);
    await tick();
    expect(await chargesOfPeriod(passId, 2)).toHaveLength(1);
    expect(
      (await outboxFor(app, driver.user.phone)).filter((message) => /terminó|ended/.test(message.body)),
    ).toHaveLength(1);
    await expectInvariants(passId);
  });
});
