import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, saveSandboxCard, uniquePlate, visitCharges } from "../support/parking-fixtures.ts";
import { createDriverWithProfile, sandboxToken } from "../support/payments-helpers.ts";
import { createLocation } from "../support/world.ts";

/**
 * An Idempotency-Key belongs to one request (docs/decisions/0006): the driver, the method, the
 * full path with its parameters and the body. The same key on any other request is refused with
 * 422 and never replayed: a driver must never be told "paid" for a stay that was not.
 */

const app = await createTestApp();
const lot = await createLocation(app);
afterAll(async () => app.close());

const REUSED = {
  error: "invalid_data",
  error_description:
    "This Idempotency-Key was already used for a different request (another resource, body or method). Use a new key for each request.",
};

const pay = (headers: Record<string, string>, visitId: string, key: string, payload: object = {}) =>
  app.inject({
    method: "POST",
    url: `/api/user/visit/${visitId}/pay`,
    headers: { ...headers, "idempotency-key": key, "accept-language": "en" },
    payload,
  });
const saveCard = (headers: Record<string, string>, url: string, key: string, token: string) =>
  app.inject({
    method: "POST",
    url,
    headers: { ...headers, "idempotency-key": key, "accept-language": "en" },
    payload: { token },
  });
const chargesOf = (visitId: string) => visitCharges(app, visitId);
const visitStatus = async (visitId: string) =>
  (await app.db.selectFrom("visits").select("status").where("id", "=", visitId).executeTakeFirstOrThrow()).status;

/** A driver with a card and two vehicles parked at the same lot: two open visits. */
async function driverWithTwoOpenVisits() {
  const driver = await createDriverWithVehicle(app);
  const now = new Date().toISOString();
  const secondVehicle = { ...driver.vehicle, id: randomUUID(), plate: uniquePlate(), created_at: now, updated_at: now };
  await app.db.insertInto("vehicles").values(secondVehicle).execute();
  const card = await saveSandboxCard(app, driver.user.id);
  const start = async (vehicleId: string) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/user/visit",
      headers: driver.headers,
      payload: { location_uuid: lot.id, vehicle_uuid: vehicleId },
    });
    expect(response.statusCode, response.body).toBe(201);
    const visitId = response.json().data.uuid as string;
    // Past the grace minutes, so paying charges money.
    await app.db
      .updateTable("visits")
      .set({ entered_at: new Date(Date.now() - 45 * 60_000).toISOString() })
      .where("id", "=", visitId)
      .execute();
    return visitId;
  };
  return { ...driver, card, visitA: await start(driver.vehicle.id), visitB: await start(secondVehicle.id) };
}

describe(`an Idempotency-Key belongs to one request (${testEngine})`, () => {
  it("the same key on another visit's pay is refused with 422, never replayed; that visit stays unpaid", async () => {
    const driver = await driverWithTwoOpenVisits();
    const key = randomUUID();
    const paidA = await pay(driver.headers, driver.visitA, key);
    expect(paidA.statusCode, paidA.body).toBe(200);
    expect(paidA.json().data.visit.status).toBe("finished");

    const refused = await pay(driver.headers, driver.visitB, key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(REUSED);
    expect(refused.headers["idempotent-replayed"]).toBeUndefined();
    expect(await visitStatus(driver.visitB)).toBe("in_progress");
    expect(await chargesOf(driver.visitB)).toHaveLength(0);
    expect(await chargesOf(driver.visitA)).toHaveLength(1);

    // The exact first request still replays; visit B pays with a key of its own.
    const replay = await pay(driver.headers, driver.visitA, key);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(paidA.json());
    const paidB = await pay(driver.headers, driver.visitB, randomUUID());
    expect(paidB.statusCode).toBe(200);
    expect(await chargesOf(driver.visitB)).toHaveLength(1);
    expect(await chargesOf(driver.visitA)).toHaveLength(1);
  });

  it("the same key with another card (payment method) for one visit is refused: one charge", async () => {
    const driver = await driverWithTwoOpenVisits();
    const otherCard = await saveSandboxCard(app, driver.user.id, { isDefault: false, last4: "1111" });
    const key = randomUUID();
    const first = await pay(driver.headers, driver.visitA, key, { payment_method_uuid: driver.card.id });
    expect(first.statusCode).toBe(200);
    const second = await pay(driver.headers, driver.visitA, key, { payment_method_uuid: otherCard.id });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual(REUSED);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    const charges = await chargesOf(driver.visitA);
    expect(charges.map((charge) => charge.payment_method_id)).toEqual([driver.card.id]);
  });

  it("the same key on two different cards to save, or on another card route, is refused: one card, one verification", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    const key = randomUUID();
    const saved = await saveCard(headers, "/api/user/payment/method", key, await sandboxToken(app, "4242424242424242"));
    expect(saved.statusCode, saved.body).toBe(201);
    const secondToken = await sandboxToken(app, "5555555555554444");
    for (const url of ["/api/user/payment/method", "/api/user/netpay/payment/method"]) {
      const refused = await saveCard(headers, url, key, secondToken);
      expect({ url, status: refused.statusCode, body: refused.json() }).toEqual({ url, status: 422, body: REUSED });
      expect(refused.headers["idempotent-replayed"]).toBeUndefined();
    }
    const methods = await app.db.selectFrom("payment_methods").select("last4").where("user_id", "=", user.id).execute();
    expect(methods.map((method) => method.last4)).toEqual(["4242"]);
    const verifications = await app.db
      .selectFrom("payments")
      .select("id")
      .where("user_id", "=", user.id)
      .where("purpose", "=", "card_verification")
      .execute();
    expect(verifications).toHaveLength(1);
  });

  it("the same key on another money route (a card, then a stay) is refused: nothing charged for the stay", async () => {
    const driver = await driverWithTwoOpenVisits();
    await app.db
      .updateTable("users")
      .set({ first_name: "Ana", last_name: "Pérez" })
      .where("id", "=", driver.user.id)
      .execute();
    const key = randomUUID();
    const saved = await saveCard(
      driver.headers,
      "/api/user/payment/method",
      key,
      await sandboxToken(app, "4242424242424242"),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const refused = await pay(driver.headers, driver.visitA, key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(REUSED);
    expect(await chargesOf(driver.visitA)).toHaveLength(0);
    expect(await visitStatus(driver.visitA)).toBe("in_progress");
  });

  it("keys are the driver's own: another driver's same key is a new request", async () => {
    const first = await driverWithTwoOpenVisits();
    const second = await driverWithTwoOpenVisits();
    const key = randomUUID();
    expect((await pay(first.headers, first.visitA, key)).statusCode).toBe(200);
    const other = await pay(second.headers, second.visitA, key);
    expect(other.statusCode).toBe(200);
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
    expect(other.json().data.visit.uuid).toBe(second.visitA);
    expect(await chargesOf(second.visitA)).toHaveLength(1);
  });
});

describe(`the spec's card calls as its front end sent them, with no Idempotency-Key (${testEngine})`, () => {
  const sendCard = (headers: Record<string, string>, url: string, payload: object) =>
    app.inject({ method: "POST", url, headers: { ...headers, "accept-language": "en" }, payload });

  it("user/payment/method and user/nmi/payment/method save the card; the same token again is replayed, not charged again", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    const mexican = { token: await sandboxToken(app, "4242424242424242"), free_flow: true };
    const us = {
      payment_token: await sandboxToken(app, "4111111111111111"),
      first_name: "Ana",
      last_name: "Ruiz",
      zip_code: "78701",
      brand: "visa",
      lastFourDigits: "1111",
      type: "credit",
      expMonth: "12",
      expYear: "2040",
    };
    for (const [url, payload] of [
      ["/api/user/payment/method", mexican],
      ["/api/user/nmi/payment/method", us],
    ] as const) {
      const saved = await sendCard(headers, url, payload);
      expect(saved.statusCode, saved.body).toBe(201);
      const again = await sendCard(headers, url, payload);
      expect({ url, status: again.statusCode, replayed: again.headers["idempotent-replayed"] }).toEqual({
        url,
        status: 201,
        replayed: "true",
      });
      expect(again.json()).toEqual(saved.json());
    }
    // The same token with another body is another request under the token's key: refused, never replayed.
    const changed = await sendCard(headers, "/api/user/payment/method", { ...mexican, free_flow: false });
    expect({ status: changed.statusCode, body: changed.json() }).toEqual({ status: 422, body: REUSED });
    const verifications = await app.db
      .selectFrom("payments")
      .select("id")
      .where("user_id", "=", user.id)
      .where("purpose", "=", "card_verification")
      .execute();
    expect(verifications).toHaveLength(2);
  });

  it("the money routes the spec does not show still require the key", async () => {
    const driver = await driverWithTwoOpenVisits();
    const response = await app.inject({
      method: "POST",
      url: `/api/user/visit/${driver.visitA}/pay`,
      headers: { ...driver.headers, "accept-language": "en" },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("missing_parameters");
  });
});
