import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey } from "../support/parking-fixtures.ts";
import { referenceCalls } from "../support/reference-calls.ts";
import { buyPass } from "../support/subscriptions-fixtures.ts";
import { createEvent, createLocation, createPlan, createVenue } from "../support/world.ts";

/**
 * `GET user/references` (issue 27 item 2): the references a driver still has to pay, which the
 * receipts list shows — only their own, soonest to expire first, gone once paid or expired.
 */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
const { drainJobs, letExpire, pay, postWebhook, sandboxEvent } = referenceCalls(app);
type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;
type Listed = {
  payment_uuid: string;
  rail: string;
  status: string;
  product: string;
  expires_at: string;
  sandbox_url: string;
};

const awaiting = async (driver: Driver): Promise<Listed[]> => {
  const answer = await app.inject({ method: "GET", url: "/api/user/references", headers: driver.headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
};

describe(`the driver's references awaiting payment (${testEngine})`, () => {
  it("lists a pass's and an event's references, soonest to expire first, and drops them once paid or expired", async () => {
    const driver = await createDriverWithVehicle(app);
    const stranger = await createDriverWithVehicle(app);
    const plan = await createPlan(app, (await createLocation(app)).id, { availability: 5 });
    const pass = await buyPass(app, driver.headers, idempotencyKey(), {
      plan_uuid: plan.id,
      vehicle_uuid: driver.vehicle.id,
      reference_rail: "oxxo",
    });
    expect(pass.statusCode, pass.body).toBe(201);
    // The event starts within hours: its reference expires then, before the pass's day.
    const event = await createEvent(app, (await createVenue(app)).id);
    const place = await app.inject({
      method: "POST",
      url: `/api/user/event/${event.id}/purchase`,
      headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
      payload: { vehicle_uuid: driver.vehicle.id, reference_rail: "spei" },
    });
    expect(place.statusCode, place.body).toBe(201);
    const passPayment = pass.json().data.payment.uuid as string;
    const eventPayment = place.json().data.payment.uuid as string;

    const listed = await awaiting(driver);
    expect(listed.map((reference) => [reference.payment_uuid, reference.rail, reference.product])).toEqual([
      [eventPayment, "spei", "event_visit"],
      [passPayment, "oxxo", "subscription_period"],
    ]);
    expect(listed.every((reference) => reference.status === "awaiting")).toBe(true);
    expect(await awaiting(stranger)).toEqual([]);
    expect((await app.inject({ method: "GET", url: "/api/user/references" })).statusCode).toBe(401);

    const paid = listed[1] as Listed;
    expect((await pay(paid.sandbox_url)).statusCode).toBe(200);
    const order = paid.sandbox_url.split("/").at(-1) as string;
    expect((await postWebhook(sandboxEvent(paid.payment_uuid, order))).statusCode).toBe(200);
    await drainJobs();
    expect((await awaiting(driver)).map((reference) => reference.payment_uuid)).toEqual([eventPayment]);

    await letExpire(eventPayment);
    await drainJobs();
    expect(await awaiting(driver)).toEqual([]);
  });
});
