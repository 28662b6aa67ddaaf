import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundCancelledEvent } from "../../src/modules/events/cancellation.ts";
import { JobRetryLater } from "../../src/modules/jobs/worker.ts";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  outboxFor,
  registerDeviceAt,
  saveSandboxCard,
} from "../support/parking-fixtures.ts";
import { createEvent as createEventRow, createLocation, fixedPrice } from "../support/world.ts";
import { createArena, createAustinVenue, createPeninsulaFestival } from "../support/worlds/events.ts";

const HOUR_MS = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe(`events: pages, purchases, passes, cancellation (${testEngine})`, () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  /** The arena with the festival's first day and a fixed-price match, a venue in Austin with its game, a lot. */
  let arena: string;
  let festivalDay1: string;
  let clasico: string;
  let austinVenue: string;
  let lot: string;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await createSignedInUser(app, { role: "admin" });
    arena = (await createArena(app)).id;
    festivalDay1 = (await createPeninsulaFestival(app, arena)).firstDay.id;
    clasico = (await createEventRow(app, arena, { name: "Clásico Regio", places: 150, ...fixedPrice(8000) })).id;
    austinVenue = (await createAustinVenue(app)).id;
    await createEventRow(app, austinVenue, { name: "Basketball", ...fixedPrice(2000) });
    lot = (await createLocation(app)).id;
  });
  afterAll(async () => app.close());

  /** A driver with a vehicle and a verified Mexican card. */
  const buyer = async () => {
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
    return driver;
  };
  const purchase = (headers: Record<string, string>, eventId: string, payload: object, key = idempotencyKey()) =>
    app.inject({
      method: "POST",
      url: `/api/user/event/${eventId}/purchase`,
      headers: { ...headers, "idempotency-key": key },
      payload,
    });
  /** An event at the Arena starting within the hour (its gate already open), on sale now. */
  const createEvent = async (fields: Record<string, unknown> = {}) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/admin/event",
      headers: admin.headers,
      payload: {
        location_uuid: arena,
        name: "Concierto de prueba",
        description: "",
        starts_at: iso(HOUR_MS),
        ends_at: iso(5 * HOUR_MS),
        places: 10,
        suggested_amount: 10000,
        amount_editable: true,
        min_amount: 5000,
        max_amount: 20000,
        sales_open_at: iso(-HOUR_MS),
        sales_close_at: iso(4 * HOUR_MS),
        ...fields,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { uuid: string; places_left: number };
  };
  const entry = (key: string, payload: object) =>
    app.inject({ method: "POST", url: "/api/device/event/entry", headers: { "x-device-key": key }, payload });
  const chargesOf = (visitId: string) =>
    app.db.selectFrom("payments").selectAll().where("payable_id", "=", visitId).orderBy("created_at").execute();

  describe("pages", () => {
    it("answers a seeded event with places left, the amount limits and the suggested all-in price", async () => {
      const response = await app.inject({ method: "GET", url: `/api/open/event/${festivalDay1}` });
      expect(response.statusCode).toBe(200);
      const event = response.json().data;
      expect(event).toMatchObject({
        uuid: festivalDay1,
        status: "scheduled",
        location: { uuid: arena, country: "mx" },
        series: { slug: "peninsula" },
        currency: "mxn",
        amount: { suggested: 15000, editable: true, min: 10000, max: 50000 },
        sales: { open: true },
      });
      // $150 + $5 convenience = $155; 2.9 % card = $4.50 → $159.50; 16 % IVA = $25.52 → $185.02.
      expect(event.suggested_price).toEqual({
        subtotal: 15000,
        convenience_fee: 500,
        processing_fee: 450,
        tax: 2552,
        total: 18502,
        currency: "mxn",
      });
    });

    it("lists the peninsula series and a venue's upcoming events, soonest first", async () => {
      const series = await app.inject({ method: "GET", url: "/api/open/event-series/peninsula" });
      expect(series.statusCode).toBe(200);
      const names = series.json().data.events.map((event: { name: string }) => event.name);
      expect(names).toEqual(["Festival Península · Día 1", "Festival Península · Día 2"]);
      const venue = await app.inject({ method: "GET", url: `/api/open/location/${austinVenue}/events` });
      expect(venue.json().data.map((event: { currency: string }) => event.currency)).toEqual(["usd"]);
      expect((await app.inject({ method: "GET", url: "/api/open/event-series/nothing-here" })).statusCode).toBe(404);
      expect((await app.inject({ method: "GET", url: "/api/open/event/not-a-uuid" })).json().error).toBe(
        "object_not_found",
      );
    });
  });

  describe("admin", () => {
    it("creates, changes and refuses events by the rules, for admins only", async () => {
      const driver = await createSignedInUser(app);
      const forbidden = await app.inject({
        method: "POST",
        url: "/api/admin/event",
        headers: driver.headers,
        payload: {},
      });
      expect(forbidden.statusCode).toBe(403);
      const event = await createEvent();
      const change = (payload: object) =>
        app.inject({ method: "PUT", url: `/api/admin/event/${event.uuid}`, headers: admin.headers, payload });
      expect((await change({ places: 20 })).json().data.places).toBe(20);
      const badAmount = await change({ suggested_amount: 30000 });
      expect(badAmount.json().error).toBe("invalid_data");
      const badDates = await change({ ends_at: iso(0) });
      expect(badDates.json().error).toBe("invalid_data");
      const atALot = await app.inject({
        method: "POST",
        url: "/api/admin/event",
        headers: admin.headers,
        payload: { ...(await createEventPayload()), location_uuid: lot },
      });
      expect(atALot.json().error).toBe("invalid_location_type");
    });

    it("never lets places drop below those sold", async () => {
      const event = await createEvent({ places: 2 });
      const driver = await buyer();
      expect((await purchase(driver.headers, event.uuid, { vehicle_uuid: driver.vehicle.id })).statusCode).toBe(201);
      const response = await app.inject({
        method: "PUT",
        url: `/api/admin/event/${event.uuid}`,
        headers: admin.headers,
        payload: { places: 0 },
      });
      expect(response.json().error).toBe("invalid_data");
    });
  });

  const createEventPayload = async () => ({
    name: "x",
    description: "",
    starts_at: iso(HOUR_MS),
    ends_at: iso(2 * HOUR_MS),
    places: 1,
    suggested_amount: 100,
    amount_editable: false,
    min_amount: 100,
    max_amount: 100,
    sales_open_at: iso(-HOUR_MS),
    sales_close_at: iso(HOUR_MS),
  });

  describe("buying", () => {
    it("charges an edited amount within the limits through the ledger and answers a paid visit with its pass", async () => {
      const driver = await buyer();
      const response = await purchase(driver.headers, festivalDay1, {
        vehicle_uuid: driver.vehicle.id,
        amount: 20000,
        expected_total: 24470,
      });
      expect(response.statusCode, response.body).toBe(201);
      const { visit, payment } = response.json().data;
      expect(payment.status).toBe("succeeded");
      expect(visit).toMatchObject({ status: "inactive", vehicle: { plate: driver.vehicle.plate } });
      // $200 + $5 = $205; 2.9 % card = $5.95 → $210.95; 16 % IVA = $33.75 → $244.70.
      expect(visit.amounts).toMatchObject({ subtotal: 20000, processing_fee: 595, tax: 3375, total: 24470 });
      expect(visit.pass).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const charges = await chargesOf(visit.uuid);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ purpose: "event", status: "succeeded", amount: visit.amounts.total });
      const listed = await app.inject({ method: "GET", url: "/api/user/event-visits", headers: driver.headers });
      expect(listed.json().data.items.map((item: { uuid: string }) => item.uuid)).toEqual([visit.uuid]);
    });

    it("refuses amounts outside the limits, a changed fixed amount and a stale total, charging nothing", async () => {
      const driver = await buyer();
      for (const amount of [9999, 50001, 0]) {
        const response = await purchase(driver.headers, festivalDay1, { vehicle_uuid: driver.vehicle.id, amount });
        expect(response.json().error).toBe("invalid_visit_amount");
      }
      const fixed = await purchase(driver.headers, clasico, { vehicle_uuid: driver.vehicle.id, amount: 9000 });
      expect(fixed.json().error).toBe("invalid_visit_amount");
      const stale = await purchase(driver.headers, clasico, { vehicle_uuid: driver.vehicle.id, expected_total: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toBe("invalid_visit_amount");
      const rows = await app.db.selectFrom("payments").select("id").where("user_id", "=", driver.user.id).execute();
      expect(rows).toHaveLength(0);
    });

    it("sells only inside the sales window and once per vehicle; a replayed key answers the first purchase", async () => {
      const notYet = await createEvent({ sales_open_at: iso(HOUR_MS), sales_close_at: iso(2 * HOUR_MS) });
      const driver = await buyer();
      const early = await purchase(driver.headers, notYet.uuid, { vehicle_uuid: driver.vehicle.id });
      expect(early.statusCode).toBe(409);
      expect(early.json().error).toBe("action_not_available");

      const event = await createEvent();
      const key = idempotencyKey();
      const first = await purchase(driver.headers, event.uuid, { vehicle_uuid: driver.vehicle.id }, key);
      const again = await purchase(driver.headers, event.uuid, { vehicle_uuid: driver.vehicle.id }, key);
      expect(again.json().data.visit.uuid).toBe(first.json().data.visit.uuid);
      const second = await purchase(driver.headers, event.uuid, { vehicle_uuid: driver.vehicle.id });
      expect(second.json().error).toBe("vehicle_with_active_visit");
      const other = await createDriverWithVehicle(app);
      const noCard = await purchase(other.headers, event.uuid, { vehicle_uuid: other.vehicle.id });
      expect(noCard.json().error).toBe("no_payment_method");
      const notMine = await purchase(other.headers, event.uuid, { vehicle_uuid: driver.vehicle.id });
      expect(notMine.json().error).toBe("vehicle_not_found");
    });

    it("a declined card leaves the purchase pending_payment and gives its place back", async () => {
      const event = await createEvent({ places: 1 });
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id, { behaviour: "decline" });
      const declined = await purchase(driver.headers, event.uuid, { vehicle_uuid: driver.vehicle.id });
      expect(declined.statusCode).toBe(402);
      const page = await app.inject({ method: "GET", url: `/api/open/event/${event.uuid}` });
      expect(page.json().data.places_left).toBe(1);
      const other = await buyer();
      expect((await purchase(other.headers, event.uuid, { vehicle_uuid: other.vehicle.id })).statusCode).toBe(201);
    });

    it("sells exactly 10 places to 30 simultaneous buyers", async () => {
      const event = await createEvent({ places: 10 });
      const drivers = await Promise.all(Array.from({ length: 30 }, () => buyer()));
      const answers = await Promise.all(
        drivers.map((driver) => purchase(driver.headers, event.uuid, { vehicle_uuid: driver.vehicle.id })),
      );
      const codes = answers.map((answer) => (answer.statusCode === 201 ? "sold" : answer.json().error));
      expect(codes.filter((code) => code === "sold")).toHaveLength(10);
      expect(codes.filter((code) => code === "plan_availability_reached")).toHaveLength(20);
      const page = await app.inject({ method: "GET", url: `/api/open/event/${event.uuid}` });
      expect(page.json().data.places_left).toBe(0);
      const charged = await app.db
        .selectFrom("payments")
        .innerJoin("event_visits", "event_visits.id", "payments.payable_id")
        .select("payments.id")
        .where("event_visits.event_id", "=", event.uuid)
        .where("payments.status", "=", "succeeded")
        .execute();
      expect(charged).toHaveLength(10);
    }, 60_000);
  });

  describe("entry", () => {
    it("admits a valid pass once and refuses a reused, another event's or a tampered pass", async () => {
      const event = await createEvent();
      const otherEvent = await createEvent();
      const driver = await buyer();
      const bought = await purchase(driver.headers, event.uuid, { vehicle_uuid: driver.vehicle.id });
      const pass = bought.json().data.visit.pass as string;
      const gate = await registerDeviceAt(app, admin.headers, arena);

      const pinned = await entry(gate, { pass, event_uuid: otherEvent.uuid });
      expect(pinned.statusCode).toBe(409);
      expect(pinned.json().error).toBe("action_not_available");
      const elsewhere = await entry(await registerDeviceAt(app, admin.headers, austinVenue), { pass });
      expect(elsewhere.json().error).toBe("action_not_available");

      const [header, payload, signature] = pass.split(".") as [string, string, string];
      const forged = JSON.parse(Buffer.from(payload, "base64url").toString());
      forged.sub = crypto.randomUUID();
      const tampered = await entry(gate, {
        pass: `${header}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`,
      });
      expect(tampered.statusCode).toBe(422);
      expect(tampered.json().error).toBe("invalid_data");

      const admitted = await entry(gate, { pass });
      expect(admitted.statusCode).toBe(200);
      expect(admitted.json().data).toMatchObject({
        open: true,
        visit: { status: "in_progress", event_uuid: event.uuid },
      });
      const reused = await entry(gate, { pass });
      expect(reused.statusCode).toBe(409);
      expect(reused.json().error).toBe("action_not_available");
      const detail = await app.inject({
        method: "GET",
        url: `/api/user/event-visit/${bought.json().data.visit.uuid}`,
        headers: driver.headers,
      });
      expect(detail.json().data).toMatchObject({ status: "in_progress", pass: null });
    });

    it("admits by plate once, and publishes the key that verifies passes offline", async () => {
      const event = await createEvent();
      const driver = await buyer();
      await purchase(driver.headers, event.uuid, { vehicle_uuid: driver.vehicle.id });
      const camera = await registerDeviceAt(app, admin.headers, arena, "camera");
      expect((await entry(camera, { plate: driver.vehicle.plate })).json().data.open).toBe(true);
      expect((await entry(camera, { plate: driver.vehicle.plate })).json().error).toBe("action_not_available");
      expect((await entry(camera, { plate: "NOPASS1" })).json().error).toBe("vehicle_not_found");
      const key = await app.inject({
        method: "GET",
        url: "/api/device/event/pass-key",
        headers: { "x-device-key": camera },
      });
      expect(key.json().data).toMatchObject({ alg: "EdDSA", jwk: { kty: "OKP", crv: "Ed25519" } });
      expect(key.json().data.jwk.d).toBeUndefined();
    });
  });

  describe("cancellation", () => {
    it("refunds every paid visit exactly once when the job runs twice at once, and tells the drivers", async () => {
      const event = await createEvent();
      const drivers = [await buyer(), await buyer()];
      const visits: string[] = [];
      for (const driver of drivers) {
        const response = await purchase(driver.headers, event.uuid, { vehicle_uuid: driver.vehicle.id });
        visits.push(response.json().data.visit.uuid);
      }
      const cancelled = await app.inject({
        method: "POST",
        url: `/api/admin/event/${event.uuid}/cancel`,
        headers: admin.headers,
      });
      expect(cancelled.json().data.status).toBe("cancelled");
      // Two workers at once: the one that meets the other's refund in flight asks to be retried later.
      const runs = await Promise.allSettled([
        refundCancelledEvent(app, event.uuid),
        refundCancelledEvent(app, event.uuid),
      ]);
      for (const run of runs) if (run.status === "rejected") expect(run.reason).toBeInstanceOf(JobRetryLater);
      await app.jobs.runDueJobs();
      await refundCancelledEvent(app, event.uuid);
      for (const [index, visitId] of visits.entries()) {
        const rows = await chargesOf(visitId);
        expect(rows.map((row) => `${row.kind}:${row.status}`)).toEqual(["charge:refunded", "refund:succeeded"]);
        const detail = await app.inject({
          method: "GET",
          url: `/api/user/event-visit/${visitId}`,
          headers: drivers[index]?.headers,
        });
        expect(detail.json().data.refunded_at).not.toBeNull();
        expect(detail.json().data.pass).toBeNull();
        const sms = await outboxFor(app, drivers[index]?.user.phone ?? "");
        expect(sms.filter((message) => message.body.includes("reembolsamos"))).toHaveLength(1);
      }
      const late = await purchase(drivers[0]?.headers ?? {}, event.uuid, { vehicle_uuid: drivers[0]?.vehicle.id });
      expect(late.json().error).toBe("action_not_available");
    });
  });
});
