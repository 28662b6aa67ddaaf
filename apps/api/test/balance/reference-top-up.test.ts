import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { clabeControlDigit } from "../../src/modules/payments/references/sandbox.ts";
import { signHmacWebhook } from "../../src/modules/payments/sandbox/webhooks.ts";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey } from "../support/parking-fixtures.ts";
import { createMeterZone } from "../support/world.ts";

/**
 * A balance topped up by cash at OXXO or a SPEI transfer (issue 27 item 2, docs/decisions/0280–0283): the
 * reference issued by the sandbox gateway, paid through its "simulate payment" action, confirmed by the
 * signed webhook exactly once (20 copies of one event and 20 distinct events at once credit it once),
 * expired by the reconciliation's lookup, and paid late into the balance; the refusals a gateway gives.
 */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
/** A Monterrey meter zone: its organisation holds the balance the references top up. */
const zone = await createMeterZone(app);

type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;

const topUp = (driver: Driver, amount: number, rail: "oxxo" | "spei", key = idempotencyKey()) =>
  app.inject({
    method: "POST",
    url: "/api/user/balance/top-up/reference",
    headers: { ...driver.headers, "idempotency-key": key },
    payload: { location_uuid: zone.location.id, amount, rail },
  });

async function referenceFor(driver: Driver, amount: number, rail: "oxxo" | "spei") {
  const answer = await topUp(driver, amount, rail);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.reference as {
    payment_uuid: string;
    status: string;
    number: string;
    amount: number;
    bank: string | null;
    sandbox_url: string;
  };
}

const pay = (sandboxUrl: string, body: Record<string, unknown> = {}) =>
  app.inject({ method: "POST", url: `${sandboxUrl}/pay?lang=en`, payload: body });

async function drainJobs() {
  while ((await app.jobs.runDueJobs()) > 0);
}

const balanceOf = async (driver: Driver) => {
  const balance = await app.db
    .selectFrom("balances")
    .selectAll()
    .where("user_id", "=", driver.user.id)
    .executeTakeFirst();
  const movements = balance
    ? await app.db.selectFrom("balance_movements").selectAll().where("balance_id", "=", balance.id).execute()
    : [];
  return { amount: balance?.amount ?? 0, movements };
};

const chargeOf = (paymentId: string) =>
  app.db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirstOrThrow();

const sandboxEvent = (reference: string, chargeId: string, id = `evt_${randomUUID()}`) =>
  JSON.stringify({
    id,
    type: "charge.succeeded",
    created_at: new Date().toISOString(),
    data: { charge_id: chargeId, reference },
  });

const postWebhook = (body: string) =>
  app.inject({
    method: "POST",
    url: "/api/open/webhooks/sandbox",
    headers: {
      "content-type": "application/json",
      "webhook-signature": signHmacWebhook(app.config.payments.webhooks.sandboxSecret, body),
    },
    payload: body,
  });

/** The reference's charge made older and its expiry passed, as a day's wait would; its lookup due now. */
async function letExpire(paymentId: string) {
  const past = new Date(Date.now() - 60_000).toISOString();
  await app.db.updateTable("sandbox_references").set({ expires_at: past }).where("reference", "=", paymentId).execute();
  await app.db
    .updateTable("payments")
    .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
    .where("id", "=", paymentId)
    .execute();
  await app.db.updateTable("jobs").set({ run_at: past }).where("dedupe_key", "=", `reconcile:${paymentId}`).execute();
  await drainJobs();
}

describe(`a balance top-up paid by reference (${testEngine})`, () => {
  it("OXXO: the reference is shown, paid at the store, confirmed by the webhook, credited once", async () => {
    const driver = await createDriverWithVehicle(app);
    const reference = await referenceFor(driver, 15_000, "oxxo");
    expect(reference).toMatchObject({ status: "awaiting", amount: 15_000, bank: null });
    expect(reference.number).toMatch(/^\d{14}$/);
    expect((await balanceOf(driver)).amount).toBe(0);

    const shown = await app.inject({
      method: "GET",
      url: `/api/user/reference/${reference.payment_uuid}`,
      headers: driver.headers,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({ number: reference.number, product: "balance_top_up" });
    const stranger = await createDriverWithVehicle(app);
    const hidden = await app.inject({
      method: "GET",
      url: `/api/user/reference/${reference.payment_uuid}`,
      headers: stranger.headers,
    });
    expect(hidden.statusCode).toBe(404);

    const page = await app.inject({ method: "GET", url: `${reference.sandbox_url}?lang=es` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(reference.number);
    expect((await pay(reference.sandbox_url)).statusCode).toBe(200);
    await drainJobs();

    const after = await balanceOf(driver);
    expect(after.amount).toBe(15_000);
    expect(after.movements.map((movement) => [movement.kind, movement.amount])).toEqual([["top_up", 15_000]]);
    expect(await chargeOf(reference.payment_uuid)).toMatchObject({ status: "succeeded", amount: 15_000 });
    const paid = await app.inject({
      method: "GET",
      url: `/api/user/reference/${reference.payment_uuid}`,
      headers: driver.headers,
    });
    expect(paid.json().data.status).toBe("paid");
  });

  it("SPEI: a valid CLABE; 20 copies of one webhook and 20 distinct ones at once credit the balance once", async () => {
    const driver = await createDriverWithVehicle(app);
    const reference = await referenceFor(driver, 20_000, "spei");
    expect(reference.number).toMatch(/^646180\d{12}$/);
    expect(Number(reference.number.at(-1))).toBe(clabeControlDigit(reference.number.slice(0, 17)));
    expect(reference.bank).toBeTruthy();
    const orderId = reference.sandbox_url.split("/").at(-1) as string;

    expect((await pay(reference.sandbox_url)).statusCode).toBe(200);
    const same = sandboxEvent(reference.payment_uuid, orderId);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => postWebhook(same)),
      ...Array.from({ length: 20 }, () => postWebhook(sandboxEvent(reference.payment_uuid, orderId))),
    ]);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const stored = await app.db
      .selectFrom("provider_events")
      .select("event_id")
      .where("event_id", "=", JSON.parse(same).id)
      .execute();
    expect(stored).toHaveLength(1);
    await drainJobs();

    const after = await balanceOf(driver);
    expect(after.amount).toBe(20_000);
    expect(after.movements).toHaveLength(1);
    // A second payment of one reference is refused by the gateway, as Conekta's is.
    expect((await pay(reference.sandbox_url)).statusCode).toBe(409);
  });

  it("expired, then paid late: the top-up fails at the expiry and is credited when the late payment lands", async () => {
    const driver = await createDriverWithVehicle(app);
    const reference = await referenceFor(driver, 10_000, "spei");
    await letExpire(reference.payment_uuid);
    expect(await chargeOf(reference.payment_uuid)).toMatchObject({ status: "failed" });
    const expired = await app.inject({
      method: "GET",
      url: `/api/user/reference/${reference.payment_uuid}`,
      headers: driver.headers,
    });
    expect(expired.json().data.status).toBe("expired");
    expect(
      await app.db
        .selectFrom("balance_top_ups")
        .select("status")
        .where("user_id", "=", driver.user.id)
        .executeTakeFirst(),
    ).toEqual({ status: "failed" });

    // At the store an expired reference is refused; a transfer sent in time may still land late.
    expect((await pay(reference.sandbox_url)).statusCode).toBe(422);
    expect((await pay(reference.sandbox_url, { late: true })).statusCode).toBe(200);
    await drainJobs();
    await drainJobs();

    expect(await chargeOf(reference.payment_uuid)).toMatchObject({ status: "succeeded" });
    const after = await balanceOf(driver);
    expect(after.amount).toBe(10_000);
    expect(after.movements).toHaveLength(1);
    const refunds = await app.db
      .selectFrom("payments")
      .select("id")
      .where("parent_payment_id", "=", reference.payment_uuid)
      .execute();
    expect(refunds).toHaveLength(0);
  });

  it("refusals: a wrong amount, an unknown reference, a webhook about no charge of ours, the cap on unpaid references", async () => {
    const driver = await createDriverWithVehicle(app);
    const key = idempotencyKey();
    const first = await topUp(driver, 5_000, "oxxo", key);
    expect(first.statusCode, first.body).toBe(200);
    const reference = first.json().data.reference as { payment_uuid: string; number: string; sandbox_url: string };
    // The same key again answers the same reference.
    const again = await topUp(driver, 5_000, "oxxo", key);
    expect(again.json().data.reference.number).toBe(reference.number);

    expect((await pay(reference.sandbox_url, { amount: 4_999 })).statusCode).toBe(422);
    expect((await pay("/sandbox/reference/ord_AAAAAAAAAAAAAAAA")).statusCode).toBe(404);

    const unknown = sandboxEvent(randomUUID(), "ord_BBBBBBBBBBBBBBBB");
    expect((await postWebhook(unknown)).statusCode).toBe(200);
    const before = await app.db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    await drainJobs();
    const event = await app.db
      .selectFrom("provider_events")
      .select(["outcome", "payment_id"])
      .where("event_id", "=", JSON.parse(unknown).id)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ outcome: "unmatched", payment_id: null });
    const afterCount = await app.db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(afterCount.count)).toBe(Number(before.count));
    expect(await chargeOf(reference.payment_uuid)).toMatchObject({ status: "requires_action" });

    expect((await topUp(driver, 5_000, "spei")).statusCode).toBe(200);
    const third = await topUp(driver, 5_000, "spei");
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe("action_not_available");
    expect((await balanceOf(driver)).amount).toBe(0);
  });
});
