import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  outboxFor,
  registerDeviceAt,
  saveSandboxCard,
} from "../support/parking-fixtures.ts";
import { createValetStand, createVenue } from "../support/world.ts";

describe(`valet: tickets, claims, payment with a tip, car requests (${testEngine})`, () => {
  let app: TestApp;
  let stand: string;
  beforeAll(async () => {
    app = await createTestApp();
    const admin = await createSignedInUser(app, { role: "admin" });
    stand = await registerDeviceAt(app, admin.headers, (await createValetStand(app)).id, "valet");
  });
  afterAll(async () => app.close());

  const device = (method: "GET" | "POST", url: string, payload?: object, key = stand) =>
    app.inject({
      method,
      url: `/api/device/valet${url}`,
      headers: { "x-device-key": key },
      ...(payload ? { payload } : {}),
    });
  const open = async (payload: object = {}) => {
    const response = await device("POST", "/ticket", payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { uuid: string; number: string; claim_token: string; claim_url: string };
  };
  const claim = (headers: Record<string, string>, token: string) =>
    app.inject({ method: "POST", url: "/api/user/valet/claim", headers, payload: { token } });
  const pay = (headers: Record<string, string>, uuid: string, payload: object, key = idempotencyKey()) =>
    app.inject({
      method: "POST",
      url: `/api/user/valet/${uuid}/pay`,
      headers: { ...headers, "idempotency-key": key },
      payload,
    });
  const requestCar = (headers: Record<string, string>, uuid: string) =>
    app.inject({ method: "POST", url: `/api/user/valet/${uuid}/request`, headers });
  const driverWithCard = async () => {
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
    return driver;
  };

  it("refuses to text the claim link to a number that cannot receive it, and opens no ticket", async () => {
    const phone = "+18095550142";
    const response = await device("POST", "/ticket", { number: "D1", phone_number: phone });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe("invalid_data");
    expect(await outboxFor(app, phone)).toHaveLength(0);
    const tickets = await app.db.selectFrom("valet_tickets").select("id").where("number", "=", "D1").execute();
    expect(tickets).toHaveLength(0);
  });

  it("runs a ticket from the stand to the driver and back: claim, live fee, pay with a tip, request, ready, delivered", async () => {
    const phone = "+528199990001";
    const ticket = await open({ number: "A17", plate: "ABC123X", phone_number: phone });
    expect(ticket.claim_url).toMatch(/\/valet\/[\w-]{43}$/);
    const sms = await outboxFor(app, phone);
    expect(sms.at(-1)?.body).toContain(ticket.claim_url);

    const driver = await driverWithCard();
    const claimed = await claim(driver.headers, ticket.claim_token);
    expect(claimed.statusCode).toBe(200);
    // $60 for the first two hours + $5 convenience; 2.9 % card = $1.89; 16 % IVA = $10.70.
    expect(claimed.json().data).toMatchObject({
      number: "A17",
      status: "in_progress",
      car_status: "parked",
      quote: { subtotal: 6000, convenience_fee: 500, processing_fee: 189, tax: 1070, total: 7759 },
      amounts: null,
    });

    const unpaid = await requestCar(driver.headers, ticket.uuid);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toBe("action_not_available");

    const paid = await pay(driver.headers, ticket.uuid, { tip: 5000, expected_total: 12759 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.ticket).toMatchObject({
      status: "finished",
      amounts: { subtotal: 6000, tip: 5000, tax: 1070, total: 12759 },
      quote: null,
    });
    const [charge] = await app.db.selectFrom("payments").selectAll().where("payable_id", "=", ticket.uuid).execute();
    expect(charge).toMatchObject({ purpose: "valet", status: "succeeded", amount: 12759, tax: 1070, subtotal: 11000 });
    expect((await pay(driver.headers, ticket.uuid, { tip: 0 })).json().error).toBe("visit_already_paid");

    const requested = await requestCar(driver.headers, ticket.uuid);
    expect(requested.json().data.car_status).toBe("requested");
    const queue = await device("GET", "/requests");
    expect(queue.json().data.map((row: { uuid: string }) => row.uuid)).toContain(ticket.uuid);

    const ready = await device("POST", `/ticket/${ticket.uuid}/ready`);
    expect(ready.json().data.car_status).toBe("ready");
    await app.jobs.runDueJobs();
    const notices = await outboxFor(app, driver.user.phone);
    expect(notices.filter((message) => message.body.includes("está listo"))).toHaveLength(1);

    const delivered = await device("POST", `/ticket/${ticket.uuid}/delivered`);
    expect(delivered.json().data.car_status).toBe("delivered");
    const queueAfter = await device("GET", "/requests");
    expect(queueAfter.json().data.map((row: { uuid: string }) => row.uuid)).not.toContain(ticket.uuid);
    const mine = await app.inject({ method: "GET", url: "/api/user/valet-tickets", headers: driver.headers });
    expect(mine.json().data.items[0]).toMatchObject({ uuid: ticket.uuid, total: 12759, car_status: "delivered" });
  });

  it("lists requests in the order they were made", async () => {
    const first = await open();
    const second = await open();
    const drivers = [await driverWithCard(), await driverWithCard()];
    for (const [index, ticket] of [second, first].entries()) {
      const driver = drivers[index];
      if (!driver) throw new Error("driver");
      await claim(driver.headers, ticket.claim_token);
      await pay(driver.headers, ticket.uuid, {});
      await requestCar(driver.headers, ticket.uuid);
    }
    const queue = (await device("GET", "/requests")).json().data.map((row: { uuid: string }) => row.uuid);
    expect(queue.indexOf(second.uuid)).toBeLessThan(queue.indexOf(first.uuid));
  });

  it("refuses another account's claimed ticket, an unknown token, a replayed key pays once, and only stands open tickets", async () => {
    const ticket = await open();
    const owner = await driverWithCard();
    const other = await driverWithCard();
    expect((await claim(owner.headers, ticket.claim_token)).statusCode).toBe(200);
    expect((await claim(owner.headers, ticket.claim_token)).statusCode).toBe(200);
    const stolen = await claim(other.headers, ticket.claim_token);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().error).toBe("action_not_available");
    expect((await claim(other.headers, "not-a-token")).json().error).toBe("object_not_found");
    const notMine = await app.inject({ method: "GET", url: `/api/user/valet/${ticket.uuid}`, headers: other.headers });
    expect(notMine.statusCode).toBe(404);

    const key = idempotencyKey();
    const firstPay = await pay(owner.headers, ticket.uuid, { tip: 1000 }, key);
    const replay = await pay(owner.headers, ticket.uuid, { tip: 1000 }, key);
    expect(replay.json().data.payment.uuid).toBe(firstPay.json().data.payment.uuid);
    const charges = await app.db.selectFrom("payments").select("id").where("payable_id", "=", ticket.uuid).execute();
    expect(charges).toHaveLength(1);

    const admin = await createSignedInUser(app, { role: "admin" });
    const gate = await registerDeviceAt(app, admin.headers, (await createVenue(app)).id);
    const notAStand = await device("POST", "/ticket", {}, gate);
    expect(notAStand.statusCode).toBe(403);
    expect((await device("POST", "/ticket", { number: "A17-X" })).statusCode).toBe(201);
    expect((await device("POST", "/ticket", { number: "A17-X" })).json().error).toBe("code_already_exist");
  });

  it("a declined card leaves the ticket pending_payment; the stand cannot hand over an unpaid car", async () => {
    const ticket = await open();
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id, { behaviour: "decline" });
    await claim(driver.headers, ticket.claim_token);
    expect((await pay(driver.headers, ticket.uuid, { tip: 0 })).statusCode).toBe(402);
    const detail = await app.inject({ method: "GET", url: `/api/user/valet/${ticket.uuid}`, headers: driver.headers });
    expect(detail.json().data.status).toBe("pending_payment");
    expect((await device("POST", `/ticket/${ticket.uuid}/delivered`)).json().error).toBe("action_not_available");
    expect((await device("POST", `/ticket/${ticket.uuid}/ready`)).json().error).toBe("action_not_available");
    const tooMuch = await pay(driver.headers, ticket.uuid, { tip: 100_001 });
    expect(tooMuch.json().error).toBe("invalid_data");
  });
});
