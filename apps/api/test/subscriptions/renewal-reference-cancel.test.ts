import { describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { referenceOfUser } from "../../src/modules/payments/ledger.ts";
import { awaitingReferencesOfUser } from "../../src/modules/payments/references/service.ts";
import { cancelSubscription, getSubscription } from "../../src/modules/subscriptions/passes.ts";
import { advanceSubscription, sweepSubscriptions } from "../../src/modules/subscriptions/renewals.ts";
import { testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, outboxFor } from "../support/parking-fixtures.ts";
import { referenceCalls } from "../support/reference-calls.ts";
import { renewalClock } from "../support/renewal-clock.ts";
import { buyNewPassByReference, periodChargesOf } from "../support/subscriptions-fixtures.ts";
import { createEvent, createVenue } from "../support/world.ts";

/**
 * The renewal reference and the driver (docs/decisions/0313, 0316): cancelled on the last day, the pass's
 * renewal reference is voided — gone from "to pay" and the pass's page, the driver told not to pay it, a
 * payment landing anyway kept in the balance — and a cancel racing the sweep never leaves an open reference; a driver already holding
 * the cap of unpaid references still gets the renewal reference of the place they hold.
 */
describe(`subscriptions: the renewal reference cancelled or at the cap (${testEngine})`, () => {
  const clock = renewalClock();
  const { HOUR, setClock, tick, passRow, currentPeriod } = clock;
  type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;

  /** A session opened now on the test's clock: the purchase's one is a month old by the renewal. */
  async function freshHeaders(userId: string) {
    const app = clock.app();
    const sessionId = newId();
    await app.db
      .insertInto("sessions")
      .values({
        id: sessionId,
        user_id: userId,
        client_id: "estaciona-web",
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 30 * 86400_000).toISOString(),
      })
      .execute();
    return { authorization: `Bearer ${await app.accessTokens.issue(userId, sessionId)}` };
  }

  async function payReference(driver: Driver, paymentId: string) {
    const { pay, postWebhook, sandboxEvent, drainJobs } = referenceCalls(clock.app());
    const reference = await referenceOfUser(clock.app().db, driver.user.id, paymentId);
    const paid = await pay(reference.sandbox_url ?? "");
    const orderId = (reference.sandbox_url ?? "").split("/").at(-1) as string;
    const event = sandboxEvent(paymentId, orderId);
    await Promise.all([postWebhook(event), postWebhook(event), postWebhook(event)]);
    await drainJobs();
    return paid.statusCode;
  }

  async function passPaidByReference(rail: "oxxo" | "spei") {
    const driver = await createDriverWithVehicle(clock.app());
    const { subscription, payment } = await buyNewPassByReference(clock.app(), driver, rail, 8);
    expect(await payReference(driver, payment.uuid)).toBe(200);
    expect((await passRow(subscription.uuid)).status).toBe("active");
    return { driver, passId: subscription.uuid as string };
  }

  const renewalCharges = async (passId: string) =>
    (await periodChargesOf(clock.app(), passId)).filter((charge) => charge.number === 2);
  const toPay = (driver: Driver) => awaitingReferencesOfUser(clock.app().db, driver.user.id);

  it("cancelled after the renewal reference was issued: voided, gone from the lists; paid anyway, kept in the balance", async () => {
    const app = clock.app();
    const { driver, passId } = await passPaidByReference("oxxo");
    const first = await currentPeriod(passId);
    setClock(Date.parse(first.ends_at) - 20 * HOUR);
    await tick();
    const [issued] = await renewalCharges(passId);
    expect(issued?.status).toBe("requires_action");
    expect((await toPay(driver)).map((reference) => reference.payment_uuid)).toEqual([issued?.id]);

    const canceled = await cancelSubscription(app.db, driver.user.id, passId);
    expect(canceled).toMatchObject({ status: "active", cancel_at_period_end: true, renews_by: null });
    // No payment can be taken for the period: its charge failed, its period too, nothing left to pay.
    expect((await renewalCharges(passId)).map((charge) => charge.status)).toEqual(["failed"]);
    expect(canceled.periods.find((period) => period.number === 2)?.status).toBe("failed");
    expect(canceled.payments.some((payment) => payment.status === "requires_action")).toBe(false);
    // The pass's payments read each charge as its reference does: the renewal's voided, the first paid.
    expect(canceled.payments.map((payment) => [payment.period, payment.rail, payment.reference_status])).toEqual([
      [2, "oxxo", "voided"],
      [1, "oxxo", "paid"],
    ]);
    expect(await toPay(driver)).toEqual([]);
    expect((await referenceOfUser(app.db, driver.user.id, issued?.id as string)).status).toBe("voided");
    // The driver had been sent it: a minute later they are told once, by e-mail and text, not to pay it.
    setClock(Date.parse(first.ends_at) - 20 * HOUR + 2 * 60_000);
    await Promise.all([tick(), tick()]);
    await tick();
    const number = (await referenceOfUser(app.db, driver.user.id, issued?.id as string)).number as string;
    const voided = [
      ...(await outboxFor(app, driver.user.email as string)),
      ...(await outboxFor(app, driver.user.phone)),
    ].filter((message) => message.body.includes(number) && /no la pagues|do not pay it/.test(message.body));
    expect(voided.map((message) => message.channel).sort()).toEqual(["email", "sms"]);

    // The store takes the cash anyway (the gateway documents no way to withdraw an order): kept in the
    // balance once, the driver told once, the period never paid.
    expect(await payReference(driver, issued?.id as string)).toBe(200);
    const { balanceOf } = referenceCalls(app);
    const balance = await balanceOf(driver.user.id);
    expect(balance.movements.map((movement) => [movement.kind, movement.amount])).toEqual([["refund", issued?.amount]]);
    const kept = (await outboxFor(app, driver.user.phone)).filter((sms) => /saldo|balance/i.test(sms.body));
    expect(kept).toHaveLength(1);
    expect(await passRow(passId)).toMatchObject({ status: "active", current_period: 1, cancel_at_period_end: 1 });
    expect((await getSubscription(app.db, driver.user.id, passId)).periods.at(-1)?.status).toBe("failed");

    // The last day ends: the pass ends as any cancelled pass, and nothing more is asked or charged.
    setClock(Date.parse(first.ends_at) + HOUR);
    await tick();
    await tick();
    expect(await passRow(passId)).toMatchObject({ status: "canceled", current_period: 1 });
    expect(await renewalCharges(passId)).toHaveLength(1);
    expect((await referenceCalls(app).balanceOf(driver.user.id)).movements).toHaveLength(1);
  });

  it("a pass not paid yet, cancelled: its own reference is voided at once; paid anyway, the money is kept in the balance", async () => {
    const app = clock.app();
    const driver = await createDriverWithVehicle(app);
    const { subscription, payment } = await buyNewPassByReference(app, driver, "spei", 8);
    const [owed] = await toPay(driver);
    expect(owed?.payment_uuid).toBe(payment.uuid);

    const canceled = await cancelSubscription(app.db, driver.user.id, subscription.uuid);
    expect(canceled.status).toBe("canceled");
    expect(await toPay(driver)).toEqual([]);
    expect((await referenceOfUser(app.db, driver.user.id, payment.uuid)).status).toBe("voided");

    // The transfer arrives anyway: kept in the balance once, never a refund through the gateway, the pass still over.
    expect(await payReference(driver, payment.uuid)).toBe(200);
    await tick();
    const { balanceOf } = referenceCalls(app);
    const movements = (await balanceOf(driver.user.id)).movements;
    expect(movements.map((movement) => [movement.kind, movement.amount])).toEqual([["refund", owed?.amount]]);
    expect((await referenceOfUser(app.db, driver.user.id, payment.uuid)).status).toBe("paid");
    expect(await passRow(subscription.uuid)).toMatchObject({ status: "canceled" });
    const refunds = await app.db
      .selectFrom("payments")
      .select("id")
      .where("parent_payment_id", "=", payment.uuid)
      .where("kind", "=", "refund")
      .execute();
    expect(refunds).toEqual([]);
  });

  it("a cancel racing the sweep and the advance jobs: the reference is voided or never issued, never left open", async () => {
    const app = clock.app();
    const passes = await Promise.all([
      passPaidByReference("oxxo"),
      passPaidByReference("spei"),
      passPaidByReference("oxxo"),
    ]);
    const ends = Math.min(
      ...(await Promise.all(passes.map(async (pass) => Date.parse((await currentPeriod(pass.passId)).ends_at)))),
    );
    setClock(ends - 22 * HOUR);
    await Promise.all(
      passes.flatMap(({ driver, passId }, index) => [
        ...(index === 1 ? [tick()] : []),
        cancelSubscription(app.db, driver.user.id, passId),
        advanceSubscription(app, passId),
        advanceSubscription(app, passId),
        sweepSubscriptions(app),
      ]),
    );
    await tick();
    setClock(ends - 22 * HOUR + 60_000);
    await tick();
    for (const { driver, passId } of passes) {
      const charges = await renewalCharges(passId);
      expect(charges.length).toBeLessThanOrEqual(1);
      expect(charges.every((charge) => charge.status === "failed")).toBe(true);
      expect(await toPay(driver)).toEqual([]);
      expect(await passRow(passId)).toMatchObject({ status: "active", cancel_at_period_end: 1 });
      const detail = await getSubscription(app.db, driver.user.id, passId);
      expect(detail.payments.some((payment) => payment.status === "requires_action")).toBe(false);
      expect(detail.renews_by).toBeNull();
    }
  });

  it("cancelled before the sweep on the last day: no renewal reference is issued at all", async () => {
    const app = clock.app();
    const { driver, passId } = await passPaidByReference("spei");
    const first = await currentPeriod(passId);
    setClock(Date.parse(first.ends_at) - 21 * HOUR);
    await cancelSubscription(app.db, driver.user.id, passId);
    await Promise.all([tick(), advanceSubscription(app, passId), sweepSubscriptions(app)]);
    await tick();
    expect(await renewalCharges(passId)).toEqual([]);
    expect(await toPay(driver)).toEqual([]);
    const sent = (await outboxFor(app, driver.user.phone)).filter((sms) => /CLABE|no la pagues/.test(sms.body));
    expect(sent).toEqual([]);
  });

  it("a driver at the cap of unpaid references still gets the renewal reference; it counts for their next purchase", async () => {
    const app = clock.app();
    const { driver, passId } = await passPaidByReference("oxxo");
    const first = await currentPeriod(passId);
    setClock(Date.parse(first.ends_at) - 20 * HOUR);
    const headers = await freshHeaders(driver.user.id);
    const buyer = { headers, vehicle: driver.vehicle };
    const { buyEventPlace } = referenceCalls(app);
    const venue = await createVenue(app);
    const events = await Promise.all([
      createEvent(app, venue.id),
      createEvent(app, venue.id),
      createEvent(app, venue.id),
    ]);
    for (const event of events.slice(0, 2)) expect((await buyEventPlace(buyer, event.id, "spei")).statusCode).toBe(201);
    // At the cap: a third place is refused while the sweep and the advance jobs issue the renewal at once.
    const [third] = await Promise.all([
      buyEventPlace(buyer, events[2]?.id as string, "oxxo"),
      tick(),
      advanceSubscription(app, passId),
      advanceSubscription(app, passId),
    ]);
    expect(third.statusCode).toBe(409);
    expect(third.body).toContain("2 referencias");
    // The racing tick may have found the message while the charge was still pending: the job asks to be
    // run again 30 s later (sendRenewalReference), so the clock moves past that, as the worker's would.
    setClock(Date.now() + 60_000);
    await tick();
    const renewal = await renewalCharges(passId);
    expect(renewal.map((charge) => charge.status)).toEqual(["requires_action"]);
    expect((await toPay(driver)).map((reference) => reference.product).sort()).toEqual([
      "event_visit",
      "event_visit",
      "subscription_period",
    ]);
    const reference = await referenceOfUser(app.db, driver.user.id, renewal[0]?.id as string);
    const sent = [
      ...(await outboxFor(app, driver.user.email as string)),
      ...(await outboxFor(app, driver.user.phone)),
    ].filter((message) => message.body.includes(reference.number ?? "-"));
    expect(sent.map((message) => message.channel).sort()).toEqual(["email", "sms"]);
    // One place paid: still refused, the renewal counts with the other (three waited, two still wait).
    const [placeReference] = (await toPay(driver)).filter((listed) => listed.product === "event_visit");
    expect(await payReference(driver, placeReference?.payment_uuid as string)).toBe(200);
    expect((await buyEventPlace(buyer, events[2]?.id as string, "oxxo")).statusCode).toBe(409);
  });
});
