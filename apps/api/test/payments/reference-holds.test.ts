import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { paymentFormOf } from "../../src/modules/invoicing/repository.ts";
import { sweepSubscriptions } from "../../src/modules/subscriptions/renewals.ts";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey, outboxFor } from "../support/parking-fixtures.ts";
import { referenceCalls } from "../support/reference-calls.ts";
import { buyPass } from "../support/subscriptions-fixtures.ts";
import { createEvent, createLocation, createPlan, createVenue, fixedPrice } from "../support/world.ts";

/**
 * A pass's first period and an event's parking paid later by reference (issue 27 item 2,
 * docs/decisions/0314): the place held while the reference waits, within the driver's and the
 * plan's or event's caps, for a day at most and never past the event's start; paid through the
 * sandbox's webhook exactly once (the pass becomes active, the driver gets the receipt); expired
 * (the place let go); paid late (kept in the driver's balance); the last place held once under 20
 * requests at once; the refusals a gateway gives.
 */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());

const { balanceOf, chargeOf, drainJobs, letExpire, pay, postWebhook, sandboxEvent, storedEvents } = referenceCalls(app);
type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;
type Reference = {
  payment_uuid: string;
  status: string;
  number: string;
  sandbox_url: string;
  expires_at: string;
  time_zone: string | null;
};

const readReference = async (driver: Driver, paymentId: string): Promise<Reference> => {
  const answer = await app.inject({ method: "GET", url: `/api/user/reference/${paymentId}`, headers: driver.headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
};

const buyPassByReference = (driver: Driver, planId: string, rail: "oxxo" | "spei" = "oxxo", extra: object = {}) =>
  buyPass(app, driver.headers, idempotencyKey(), {
    plan_uuid: planId,
    vehicle_uuid: driver.vehicle.id,
    reference_rail: rail,
    ...extra,
  });

const buyEventByReference = (driver: Driver, eventId: string, rail: "oxxo" | "spei" = "spei") =>
  app.inject({
    method: "POST",
    url: `/api/user/event/${eventId}/purchase`,
    headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
    payload: { vehicle_uuid: driver.vehicle.id, reference_rail: rail },
  });

const passRow = (id: string) =>
  app.db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const visitRow = (id: string) =>
  app.db.selectFrom("event_visits").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** The pass's own day has passed too: the sweep that ends unpaid passes runs. */
async function sweepAfterExpiry(passId: string) {
  const past = new Date(Date.now() - 60_000).toISOString();
  await app.db.updateTable("subscriptions").set({ expires_at: past }).where("id", "=", passId).execute();
  await sweepSubscriptions(app);
  await drainJobs();
}

describe(`a pass and an event place paid by reference (${testEngine})`, () => {
  it("a pass by OXXO: the place is held, the store payment activates it once, the driver gets the receipt", async () => {
    const location = await createLocation(app);
    const plan = await createPlan(app, location.id, { availability: 8 });
    const driver = await createDriverWithVehicle(app);
    const bought = await buyPassByReference(driver, plan.id);
    expect(bought.statusCode, bought.body).toBe(201);
    const { subscription, payment } = bought.json().data;
    expect(subscription.status).toBe("incomplete");
    expect(payment.status).toBe("requires_action");
    expect(payment.redirect_url).toMatch(new RegExp(`/reference/${payment.uuid}$`));

    const reference = await readReference(driver, payment.uuid);
    expect(reference).toMatchObject({ status: "awaiting", product: "subscription_period", amount: expect.any(Number) });
    // Its expiry is written on the lot's clock, as the pass's page writes it.
    expect(reference.time_zone).toBe("America/Monterrey");
    const held = Date.parse(reference.expires_at) - Date.now();
    expect(held).toBeGreaterThan(23.9 * 3600_000);
    expect(held).toBeLessThanOrEqual(24 * 3600_000);
    // The place is taken while the reference waits: the plan counts it.
    const plans = await app.inject({ method: "GET", url: `/api/user/plan/${plan.id}/quote`, headers: driver.headers });
    expect(plans.statusCode, plans.body).toBe(200);
    expect(plans.json().data.plan.places_left).toBe(7);

    const orderId = reference.sandbox_url.split("/").at(-1) as string;
    expect((await pay(reference.sandbox_url, { amount: 1 })).statusCode).toBe(422);
    expect((await pay(reference.sandbox_url)).statusCode).toBe(200);
    const copies = await Promise.all(
      Array.from({ length: 10 }, () => postWebhook(sandboxEvent(payment.uuid, orderId))),
    );
    expect(copies.every((answer) => answer.statusCode === 200)).toBe(true);
    await drainJobs();
    expect((await pay(reference.sandbox_url)).statusCode).toBe(409);

    expect((await passRow(subscription.uuid)).status).toBe("active");
    // The driver's list says the next period is asked for at OXXO, not charged (decision 0333).
    const mine = await app.inject({ method: "GET", url: "/api/user/subscriptions", headers: driver.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject([{ uuid: subscription.uuid, renews_by: "oxxo" }]);
    expect(await chargeOf(payment.uuid)).toMatchObject({ status: "succeeded", payment_method_id: null });
    const charges = await app.db
      .selectFrom("payments")
      .select("id")
      .where("payable_type", "=", "subscription_period")
      .where("user_id", "=", driver.user.id)
      .execute();
    expect(charges).toHaveLength(1);
    const mail = await outboxFor(app, driver.user.email as string);
    const receipts = mail.filter((message) => message.channel === "email");
    expect(receipts).toHaveLength(1);
    // The receipt names the rail, not a card (decision 0342); the "paid" notice went by text, apart.
    expect(receipts[0]?.body).toContain("Pagado con: Efectivo OXXO");
    expect((await readReference(driver, payment.uuid)).status).toBe("paid");
    const receipt = await app.inject({
      method: "GET",
      url: `/api/user/receipt/${payment.uuid}`,
      headers: driver.headers,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().data).toMatchObject({ card: null, rail: "oxxo" });
    // Its CFDI says cash (c_FormaPago 01); a SPEI charge says transfer (03), a card 04 or 28.
    expect(paymentFormOf({ funding: null, rail: "oxxo" })).toBe("01");
    expect(paymentFormOf({ funding: null, rail: "spei" })).toBe("03");
    expect(paymentFormOf({ funding: "debit", rail: null })).toBe("28");
  });

  it("an unpaid pass reference expires: the charge fails, the place is let go; paid late, the money goes to the balance", async () => {
    const location = await createLocation(app);
    const plan = await createPlan(app, location.id, { availability: 1 });
    const driver = await createDriverWithVehicle(app);
    const bought = await buyPassByReference(driver, plan.id, "spei");
    expect(bought.statusCode, bought.body).toBe(201);
    const { subscription, payment } = bought.json().data;
    const other = await createDriverWithVehicle(app);
    expect((await buyPassByReference(other, plan.id)).json().error).toBe("plan_availability_reached");

    // The pass's own expiry alone does not let the place go while its reference may still be paid.
    await sweepAfterExpiry(subscription.uuid);
    expect((await passRow(subscription.uuid)).status).toBe("incomplete");

    await letExpire(payment.uuid);
    expect(await chargeOf(payment.uuid)).toMatchObject({ status: "failed" });
    await sweepAfterExpiry(subscription.uuid);
    expect((await passRow(subscription.uuid)).status).toBe("expired");
    expect((await readReference(driver, payment.uuid)).status).toBe("expired");
    expect((await buyPassByReference(other, plan.id)).statusCode).toBe(201);

    const reference = await readReference(driver, payment.uuid);
    expect((await pay(reference.sandbox_url, { late: true })).statusCode).toBe(200);
    await drainJobs();
    await drainJobs();
    expect(await chargeOf(payment.uuid)).toMatchObject({ status: "succeeded" });
    expect((await passRow(subscription.uuid)).status).toBe("expired");
    const balance = await balanceOf(driver.user.id);
    expect(balance.amount).toBe((await chargeOf(payment.uuid)).amount);
    expect(balance.movements.map((movement) => movement.kind)).toEqual(["refund"]);
    const refunds = await app.db
      .selectFrom("payments")
      .select("id")
      .where("parent_payment_id", "=", payment.uuid)
      .execute();
    expect(refunds).toHaveLength(0);
  });

  it("an event place by SPEI is held until the event starts at most, and let go when the reference expires", async () => {
    const venue = await createVenue(app);
    const event = await createEvent(app, venue.id, { places: 4, ...fixedPrice(10_000) });
    const driver = await createDriverWithVehicle(app);
    const bought = await buyEventByReference(driver, event.id);
    expect(bought.statusCode, bought.body).toBe(201);
    const { visit, payment } = bought.json().data;
    expect(payment.status).toBe("requires_action");
    const reference = await readReference(driver, payment.uuid);
    expect(reference).toMatchObject({ product: "event_visit", status: "awaiting" });
    expect(reference.expires_at).toBe(new Date(event.starts_at).toISOString());
    expect((await visitRow(visit.uuid)).holds_place).toBe(1);

    // The event's cap on places held unpaid (a quarter of 4: one) refuses a second reference, not a place.
    const second = await buyEventByReference(await createDriverWithVehicle(app), event.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: "action_not_available" });

    await letExpire(payment.uuid);
    expect((await visitRow(visit.uuid)).holds_place).toBe(0);
    expect((await buyEventByReference(await createDriverWithVehicle(app), event.id)).statusCode).toBe(201);
  });

  it("an event starting within the hour takes no reference; a US lot has no reference rail", async () => {
    const venue = await createVenue(app);
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    const event = await createEvent(app, venue.id, { starts_at: soon });
    const driver = await createDriverWithVehicle(app);
    const late = await buyEventByReference(driver, event.id, "oxxo");
    expect(late.statusCode).toBe(402);
    expect(late.json().error).toBe("invalid_payment_method");
    expect(await visitsOf(event.id)).toHaveLength(0);

    const austin = await createLocation(app, {
      country: "us",
      currency: "usd",
      time_zone: "America/Chicago",
      tax_rate_bp: 825,
    });
    const plan = await createPlan(app, austin.id, { currency: "usd" });
    const refused = await buyPassByReference(driver, plan.id);
    expect(refused.json().error).toBe("invalid_payment_method");
    const later = await buyPassByReference(driver, (await createPlan(app, (await createLocation(app)).id)).id, "oxxo", {
      start_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(later.json().error).toBe("invalid_payment_method");
    const passes = await app.db
      .selectFrom("subscriptions")
      .select("id")
      .where("user_id", "=", driver.user.id)
      .execute();
    expect(passes).toHaveLength(0);
  });

  it("20 reference requests at once for the last place of a pass and of an event: it is held once", async () => {
    const location = await createLocation(app);
    const plan = await createPlan(app, location.id, { availability: 1 });
    const venue = await createVenue(app);
    const event = await createEvent(app, venue.id, { places: 1 });
    const drivers = await Promise.all(Array.from({ length: 20 }, () => createDriverWithVehicle(app)));
    const passes = await Promise.all(drivers.map((driver) => buyPassByReference(driver, plan.id)));
    const events = await Promise.all(drivers.map((driver) => buyEventByReference(driver, event.id)));
    for (const answers of [passes, events]) {
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.statusCode !== 201))
        expect(["plan_availability_reached", "action_not_available"]).toContain(refused.json().error);
    }
    const references = await app.db
      .selectFrom("payment_references")
      .innerJoin("payments", "payments.id", "payment_references.payment_id")
      .select("payments.id")
      .where(
        "payments.user_id",
        "in",
        drivers.map((driver) => driver.user.id),
      )
      .execute();
    expect(references).toHaveLength(2);
    expect(await visitsOf(event.id)).toHaveLength(1);
  });

  it("a webhook about an unknown reference is stored unmatched and changes nothing; the driver's cap holds", async () => {
    const unknown = sandboxEvent(randomUUID(), "ord_CCCCCCCCCCCCCCCC");
    expect((await postWebhook(unknown)).statusCode).toBe(200);
    await drainJobs();
    expect(await storedEvents(unknown)).toEqual([{ outcome: "unmatched", payment_id: null }]);

    const location = await createLocation(app);
    const driver = await createDriverWithVehicle(app);
    const plans = await Promise.all([1, 2, 3].map(() => createPlan(app, location.id, { availability: 40 })));
    const vehicles = [driver.vehicle.id, ...(await extraVehicles(driver, 2))];
    const answers = [];
    for (const [index, plan] of plans.entries())
      answers.push(
        await buyPassByReference(
          { ...driver, vehicle: { ...driver.vehicle, id: vehicles[index] as typeof driver.vehicle.id } },
          plan.id,
        ),
      );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 409]);
    expect(answers[2]?.json().error).toBe("action_not_available");
  });
});

const visitsOf = (eventId: string) =>
  app.db.selectFrom("event_visits").select("id").where("event_id", "=", eventId).execute();

async function extraVehicles(driver: Driver, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const now = new Date().toISOString();
  await app.db
    .insertInto("vehicles")
    .values(
      ids.map((id, index) => ({
        ...driver.vehicle,
        id,
        plate: `${driver.vehicle.plate.slice(0, 6)}${index}`,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return ids;
}
