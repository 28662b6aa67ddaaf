import { randomUUID } from "node:crypto";
import { formatMoney } from "@estaciona/contracts/money";
import { afterAll, describe, expect, it } from "vitest";
import { reconcileCharge } from "../../src/modules/payments/ledger/reconcile.ts";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey } from "../support/parking-fixtures.ts";
import { referenceCalls } from "../support/reference-calls.ts";
import { buyNewPassByReference } from "../support/subscriptions-fixtures.ts";
import { createEvent, createMeterZone, createVenue, fixedPrice } from "../support/world.ts";

/**
 * "The payment is confirmed by the gateway's webhook (and reconciled by lookup), exactly once, and the
 * driver is told" (issue 27 item 2, docs/decisions/0342), for each thing a reference pays: a pass, an
 * event place, a balance top-up. Under attack: the same signed webhook delivered five times at once
 * (distinct HTTP requests), racing with two reconciliation lookups and the job queue, then replayed
 * later, as the same event and as a new one → one settlement, one ledger line, one notice in the
 * driver's language. Also: a payment after the expiry (kept in the balance, decision 0314) is told
 * once, and a webhook about no reference of ours tells nobody anything.
 */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());

const calls = referenceCalls(app);
const { chargeOf, drainJobs, letExpire, pay, postWebhook, sandboxEvent } = calls;
type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;
type Rail = "oxxo" | "spei";
type Locale = "es" | "en";

async function driverSpeaking(locale: Locale): Promise<Driver> {
  // No e-mail: a cash payer often has none; the notice goes by text (the deployment's channel).
  const driver = await createDriverWithVehicle(app, { email: null });
  await app.db.updateTable("users").set({ locale }).where("id", "=", driver.user.id).execute();
  return driver;
}

const readReference = async (driver: Driver, paymentId: string) => {
  const answer = await app.inject({ method: "GET", url: `/api/user/reference/${paymentId}`, headers: driver.headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { sandbox_url: string; status: string };
};

/** Each product bought by reference: the driver, the charge, and what the product looks like once paid. */
interface Bought {
  driver: Driver;
  paymentId: string;
  /** The payable's state and ledger lines, to compare before and after the replays. */
  state(): Promise<unknown>;
}

const products: Record<string, (locale: Locale, rail: Rail) => Promise<Bought>> = {
  async pass(locale, rail) {
    const driver = await driverSpeaking(locale);
    const { subscription, payment } = await buyNewPassByReference(app, driver, rail, 8);
    return {
      driver,
      paymentId: payment.uuid,
      state: async () => ({
        pass: (
          await app.db.selectFrom("subscriptions").select("status").where("id", "=", subscription.uuid).execute()
        ).map((row) => row.status),
        periods: (
          await app.db
            .selectFrom("subscription_periods")
            .select(["status", "paid_at"])
            .where("subscription_id", "=", subscription.uuid)
            .execute()
        ).map((row) => row.status),
      }),
    };
  },
  async event(locale, rail) {
    const venue = await createVenue(app);
    const event = await createEvent(app, venue.id, { places: 4, ...fixedPrice(10_000) });
    const driver = await driverSpeaking(locale);
    const bought = await calls.buyEventPlace(driver, event.id, rail);
    expect(bought.statusCode, bought.body).toBe(201);
    const paymentId = bought.json().data.payment.uuid as string;
    return {
      driver,
      paymentId,
      state: async () =>
        (
          await app.db
            .selectFrom("event_visits")
            .select(["status", "holds_place"])
            .where("event_id", "=", event.id)
            .execute()
        ).map((row) => [row.status, row.holds_place]),
    };
  },
  async top_up(locale, rail) {
    const zone = await createMeterZone(app);
    const driver = await driverSpeaking(locale);
    const answer = await app.inject({
      method: "POST",
      url: "/api/user/balance/top-up/reference",
      headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
      payload: { location_uuid: zone.location.id, amount: 15_000, rail },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return {
      driver,
      paymentId: answer.json().data.reference.payment_uuid,
      state: () => calls.balanceOf(driver.user.id),
    };
  },
};

/** The driver's "paid" notices: the claims under the charge's key and the texts that reached the provider. */
async function noticesOf(driver: Driver, paymentId: string) {
  const claims = await app.db
    .selectFrom("message_claims")
    .select(["message_key", "status"])
    .where("message_key", "like", `reference_paid:${paymentId}:%`)
    .execute();
  const texts = await app.db
    .selectFrom("outbox_messages")
    .select("body")
    .where("recipient", "=", driver.user.phone)
    .execute();
  return { claims, texts: texts.map((row) => row.body ?? "") };
}

/** Every ledger line of the charge's payable: the charge itself and any refund of it. */
async function ledgerLinesOf(paymentId: string) {
  const charge = await chargeOf(paymentId);
  return app.db
    .selectFrom("payments")
    .select(["kind", "status", "amount"])
    .where("payable_type", "=", charge.payable_type)
    .where("payable_id", "=", charge.payable_id)
    .execute();
}

/** Five copies of one signed event at once, two lookups and the job queue, all racing. */
async function deliverUnderAttack(paymentId: string, orderId: string): Promise<string> {
  const event = sandboxEvent(paymentId, orderId);
  const waiting = await chargeOf(paymentId);
  const answers = await Promise.all([
    ...Array.from({ length: 5 }, () => postWebhook(event)),
    reconcileCharge(app, waiting, "sweep"),
    reconcileCharge(app, waiting, "provider"),
    drainJobs(),
  ]);
  for (const answer of answers.slice(0, 5)) expect((answer as { statusCode: number }).statusCode).toBe(200);
  await drainJobs();
  return event;
}

const expected: Record<string, Record<Locale, RegExp>> = {
  pass: { es: /está activa hasta el \d+ de \w+ de \d{4}/, en: /is active through \w+ \d+, \d{4}/ },
  event: { es: /está confirmado/, en: /is confirmed/ },
  top_up: { es: /ahora tienes \$150\.00 MXN/, en: /it is now \$150\.00 MXN/ },
};
const received: Record<Locale, string> = { es: "Recibimos tu pago de", en: "We received your payment of" };
const railWords: Record<Rail, Record<Locale, string>> = {
  oxxo: { es: "en efectivo en OXXO", en: "in cash at OXXO" },
  spei: { es: "por transferencia SPEI", en: "by SPEI transfer" },
};

describe(`a paid reference is settled once and told once (${testEngine})`, () => {
  const cases: [string, Locale, Rail][] = [
    ["pass", "es", "oxxo"],
    ["event", "en", "spei"],
    ["top_up", "es", "spei"],
    ["pass", "en", "spei"],
    ["event", "es", "oxxo"],
    ["top_up", "en", "oxxo"],
  ];
  it.each(cases)("%s (%s, %s): 5 webhooks at once racing the lookup, replayed later", async (product, locale, rail) => {
    const bought = await (products[product] as (locale: Locale, rail: Rail) => Promise<Bought>)(locale, rail);
    const { driver, paymentId } = bought;
    const { sandbox_url } = await readReference(driver, paymentId);
    const orderId = sandbox_url.split("/").at(-1) as string;
    // The store takes the cash: the sandbox's own webhook job is queued and runs in the race below.
    expect((await pay(sandbox_url)).statusCode).toBe(200);
    const event = await deliverUnderAttack(paymentId, orderId);

    expect(await chargeOf(paymentId)).toMatchObject({ status: "succeeded" });
    const lines = await ledgerLinesOf(paymentId);
    expect(lines).toEqual([{ kind: "charge", status: "succeeded", amount: (await chargeOf(paymentId)).amount }]);
    const settled = await bought.state();
    if (product === "pass") expect(settled).toEqual({ pass: ["active"], periods: ["paid"] });
    if (product === "event") expect(settled).toEqual([["inactive", 1]]);
    if (product === "top_up") expect(settled).toMatchObject({ amount: 15_000, movements: [{ kind: "top_up" }] });

    const told = await noticesOf(driver, paymentId);
    expect(told.claims).toEqual([{ message_key: `reference_paid:${paymentId}:sms`, status: "sent" }]);
    expect(told.texts).toHaveLength(1);
    const [notice] = told.texts;
    expect(notice).toContain(`${received[locale]} $`);
    expect(notice).toContain(railWords[rail][locale]);
    expect(notice).toMatch(expected[product]?.[locale] as RegExp);
    expect(notice).toContain(`/referencia/${paymentId}`);

    // Later: the same event again, a new event about the same payment, and the sweep's lookup.
    expect((await postWebhook(event)).json().data).toMatchObject({ duplicate: true });
    expect((await postWebhook(sandboxEvent(paymentId, orderId))).statusCode).toBe(200);
    await reconcileCharge(app, await chargeOf(paymentId), "sweep");
    await drainJobs();
    expect(await ledgerLinesOf(paymentId)).toEqual(lines);
    expect(await bought.state()).toEqual(settled);
    expect(await noticesOf(driver, paymentId)).toEqual(told);
    const jobs = await app.db
      .selectFrom("jobs")
      .select("id")
      .where("dedupe_key", "=", `reference-paid:${paymentId}`)
      .execute();
    expect(jobs.length).toBeLessThanOrEqual(1);
  });

  it.each([
    ["pass", "es"],
    ["event", "en"],
  ] as const)(
    "%s paid after its expiry (%s): kept in the balance, told once that it was kept",
    async (product, locale) => {
      const bought = await (products[product] as (locale: Locale, rail: Rail) => Promise<Bought>)(locale, "spei");
      const { driver, paymentId } = bought;
      await letExpire(paymentId);
      expect(await chargeOf(paymentId)).toMatchObject({ status: "failed" });
      expect((await noticesOf(driver, paymentId)).claims).toEqual([]);

      const { sandbox_url } = await readReference(driver, paymentId);
      expect((await pay(sandbox_url, { late: true })).statusCode).toBe(200);
      await deliverUnderAttack(paymentId, sandbox_url.split("/").at(-1) as string);

      const charge = await chargeOf(paymentId);
      expect(charge).toMatchObject({ status: "succeeded" });
      const balance = await calls.balanceOf(driver.user.id);
      expect(balance.amount).toBe(charge.amount);
      expect(balance.movements.map((movement) => movement.kind)).toEqual(["refund"]);
      const told = await noticesOf(driver, paymentId);
      expect(told.claims).toHaveLength(1);
      expect(told.texts).toHaveLength(1);
      const kept = formatMoney(charge.amount, charge.currency);
      expect(told.texts[0]).toContain(
        locale === "es"
          ? `lo guardamos en tu saldo: ahora tienes ${kept}`
          : `we kept it in your balance: it is now ${kept}`,
      );
      // The place was let go: the notice does not say the pass is active or the place confirmed.
      expect(told.texts[0]).not.toMatch(/activa hasta|is confirmed/);
    },
  );

  it("a webhook about no reference of ours is kept unmatched and tells nobody anything", async () => {
    const before = await app.db
      .selectFrom("message_claims")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("message_key", "like", "reference_paid:%")
      .executeTakeFirstOrThrow();
    const unknown = sandboxEvent(randomUUID(), "ord_DDDDDDDDDDDDDDDD");
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(unknown)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await drainJobs();
    expect(await calls.storedEvents(unknown)).toEqual([{ outcome: "unmatched", payment_id: null }]);
    const after = await app.db
      .selectFrom("message_claims")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("message_key", "like", "reference_paid:%")
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });
});
