import { randomUUID } from "node:crypto";
import { feeBreakdown } from "@estaciona/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageOrigin } from "../../src/modules/hosts/service.ts";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { ALWAYS_HOURS as ALWAYS, insertZoneGrid, MX_RATES, priceOf, ZONE_101 } from "../support/meter-fixtures.ts";
import {
  createDriverWithVehicle,
  FUNDIDORA,
  idempotencyKey,
  METER_ZONE,
  outboxFor,
  saveSandboxCard,
} from "../support/parking-fixtures.ts";

const MINUTE = 60_000;

describe(`parking meters (${testEngine})`, () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await createSignedInUser(app, { role: "admin" });
  });
  afterAll(async () => app.close());

  const driverWithCard = async (behaviour?: "approve" | "decline") => {
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id, { behaviour });
    return driver;
  };
  const buy = (
    driver: { headers: Record<string, string>; vehicle: { id: string } },
    minutes: number,
    expectedTotal: number,
    options: { zone?: string; key?: string } = {},
  ) =>
    app.inject({
      method: "POST",
      url: "/api/user/meter-session",
      headers: { ...driver.headers, "idempotency-key": options.key ?? idempotencyKey() },
      payload: {
        zone_uuid: options.zone ?? ZONE_101,
        vehicle_uuid: driver.vehicle.id,
        minutes,
        expected_total: expectedTotal,
      },
    });
  const extend = (driver: { headers: Record<string, string> }, sessionId: string, minutes: number, total: number) =>
    app.inject({
      method: "POST",
      url: `/api/user/meter-session/${sessionId}/extend`,
      headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
      payload: { minutes, expected_total: total },
    });
  const chargesOf = (userId: string) =>
    app.db
      .selectFrom("payments")
      .selectAll()
      .where("user_id", "=", userId)
      .where("payable_type", "=", "meter_purchase")
      .execute();
  /** Pays 30 minutes now and answers the session. */
  const paidSession = async (driver: Awaited<ReturnType<typeof driverWithCard>>, minutes = 30) => {
    const now = Date.now();
    const response = await buy(driver, minutes, priceOf(now, now, minutes));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.session as { uuid: string; started_at: string; ends_at: string };
  };

  describe("zones", () => {
    it("answers the zones inside a bounding box in one list, nearest the centre first", async () => {
      const response = await app.inject({
        method: "GET",
        url: "/api/open/meters?west=-100.33&south=25.66&east=-100.29&north=25.68",
      });
      expect(response.statusCode).toBe(200);
      const { items, truncated } = response.json().data as {
        items: { zone_code: string; coordinates: { lat: number; lng: number } }[];
        truncated: boolean;
      };
      expect(truncated).toBe(false);
      expect(items.length).toBeGreaterThanOrEqual(30);
      for (const zone of items) {
        expect(zone.coordinates.lat).toBeGreaterThanOrEqual(25.66);
        expect(zone.coordinates.lng).toBeLessThanOrEqual(-100.29);
      }
      const distance = (zone: (typeof items)[number]) =>
        (zone.coordinates.lat - 25.67) ** 2 + (zone.coordinates.lng + 100.31) ** 2;
      const distances = items.map(distance);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(items.some((zone) => zone.zone_code === "7001")).toBe(false);

      const austin = await app.inject({
        method: "GET",
        url: "/api/open/meters?west=-97.8&south=30.2&east=-97.7&north=30.3",
      });
      expect(
        austin
          .json()
          .data.items.map((zone: { zone_code: string }) => zone.zone_code)
          .sort(),
      ).toEqual(["7001", "7002", "7003", "7004", "7005", "7006"]);
    });

    it("answers one capped page from a city of 10,000 zones, nearest the centre first", async () => {
      // A grid of 100 × 100 zones far from the demo cities, 100 m apart.
      await insertZoneGrid(app.db, { count: 10_000, origin: { lat: 40, lng: 10 } });
      const whole = await app.inject({
        method: "GET",
        url: "/api/open/meters?west=9.99&south=39.99&east=10.2&north=40.2",
      });
      const page = whole.json().data as {
        items: { zone_code: string; coordinates: { lat: number; lng: number } }[];
        truncated: boolean;
      };
      expect(page.items).toHaveLength(500);
      expect(page.truncated).toBe(true);
      // The nearest to the box's centre (40.095, 10.095) come first.
      expect(page.items[0]?.coordinates).toEqual({ lat: 40.095, lng: 10.095 });
      const street = await app.inject({
        method: "GET",
        url: "/api/open/meters?west=10.0095&south=40.0095&east=10.0125&north=40.0105",
      });
      expect(
        street
          .json()
          .data.items.map((zone: { zone_code: string }) => zone.zone_code)
          .sort(),
      ).toEqual(["G1010", "G1011", "G1012"]);
      expect(street.json().data.truncated).toBe(false);
    });

    it("refuses a box that is not one", async () => {
      const response = await app.inject({ method: "GET", url: "/api/open/meters?west=10&south=0&east=0&north=1" });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe("invalid_data");
    });

    it("finds a zone by the code on its sign, as typed", async () => {
      const response = await app.inject({ method: "GET", url: "/api/open/meters/code/101" });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        uuid: ZONE_101,
        zone_code: "101",
        rate_per_hour: 1200,
        min_minutes: 15,
        max_minutes: 120,
        time_zone: "America/Monterrey",
        currency: "mxn",
      });
      expect((await app.inject({ method: "GET", url: "/api/open/meters/code/999" })).json().error).toBe(
        "object_not_found",
      );
      const nonsense = await app.inject({ method: "GET", url: "/api/open/meters/code/%24%24" });
      expect(nonsense.statusCode).toBe(404);
    });

    it("names the street style and serves a fallback style that needs nothing from the internet", async () => {
      const response = await app.inject({ method: "GET", url: "/api/open/meter-map" });
      expect(response.statusCode).toBe(200);
      const { style, style_url: styleUrl } = response.json().data;
      expect(styleUrl).toBe(app.config.web.mapStyleUrl);
      expect(styleUrl).toMatch(/^https:\/\//);
      expect(style.version).toBe(8);
      expect(JSON.stringify(style)).not.toMatch(/https?:/);
    });
  });

  describe("admin", () => {
    const zoneBody = (fields: Record<string, unknown> = {}) => ({
      zone_code: `Z${randomUUID().slice(0, 6)}`,
      device_id: `meter-${randomUUID()}`,
      area: [
        [-100.3, 25.6],
        [-100.29, 25.6],
        [-100.29, 25.61],
        [-100.3, 25.6],
      ],
      rate_per_hour: 1000,
      min_minutes: 10,
      max_minutes: 60,
      hours: ALWAYS,
      ...fields,
    });
    const newMeterLocation = async () => {
      const id = randomUUID();
      await app.db
        .insertInto("locations")
        .values({
          id,
          organisation_id: "4f6c1d2e-0000-4000-8000-000000000001",
          name: "Zona de prueba",
          address: "Calle de prueba",
          lat: 25.605,
          lng: -100.295,
          time_zone: "America/Monterrey",
          country: "mx",
          currency: "mxn",
          kind: "meter",
          is_freeflow: 0,
          grace_minutes: 0,
          first_period_minutes: 60,
          first_period_price: 0,
          increment_minutes: 0,
          increment_price: 0,
          daily_max: null,
          tax_rate_bp: 1600,
          convenience_rate_bp: 0,
          convenience_fixed: 500,
          card_rate_bp: 290,
          card_fixed: 0,
          capacity: null,
          exit_window_minutes: 15,
          invoice_window_days: 30,
          email_domain: null,
          active: 1,
          created_at: new Date().toISOString(),
        })
        .execute();
      return id;
    };
    const create = (headers: Record<string, string>, body: Record<string, unknown>) =>
      app.inject({ method: "POST", url: "/api/admin/meter", headers, payload: body });

    it("makes a meter location a zone once, with unique codes and device ids, for admins only", async () => {
      const location = await newMeterLocation();
      const driver = await createSignedInUser(app);
      expect((await create(driver.headers, zoneBody({ location_uuid: location }))).statusCode).toBe(403);
      expect((await create({}, zoneBody({ location_uuid: location }))).statusCode).toBe(401);
      expect((await create(admin.headers, zoneBody({ location_uuid: FUNDIDORA }))).json().error).toBe(
        "invalid_location_type",
      );
      const body = zoneBody({ location_uuid: location });
      const created = await create(admin.headers, body);
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject({
        uuid: location,
        zone_code: body.zone_code.toUpperCase(),
        max_minutes: 60,
      });
      const again = await create(admin.headers, zoneBody({ location_uuid: location }));
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe("location_already_has_a_parking_meter");
      const other = await newMeterLocation();
      const sameDevice = await create(admin.headers, zoneBody({ location_uuid: other, device_id: body.device_id }));
      expect(sameDevice.statusCode).toBe(409);
      expect(sameDevice.json().error).toBe("device_id_already_exists");
      const sameCode = await create(admin.headers, zoneBody({ location_uuid: other, zone_code: body.zone_code }));
      expect(sameCode.json().error).toBe("invalid_data");
      const tooShort = await create(
        admin.headers,
        zoneBody({ location_uuid: other, min_minutes: 90, max_minutes: 60 }),
      );
      expect(tooShort.json().error).toBe("invalid_data");
    });

    it("never sells time past the moment the zone stops charging", async () => {
      const location = await newMeterLocation();
      // Monterrey's clock now, and a zone that charges until 20 minutes from now.
      const parts = new Intl.DateTimeFormat("en-US", {
        timeZone: "America/Monterrey",
        hourCycle: "h23",
        weekday: "short",
        hour: "2-digit",
        minute: "2-digit",
      }).formatToParts(new Date());
      const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? "";
      const minuteOfDay = Number(part("hour")) * 60 + Number(part("minute"));
      const close = minuteOfDay + 20;
      // After 23:40 the window runs over midnight: today's closes at 24:00 and tomorrow's opens then.
      const tomorrow = (["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(part("weekday")) + 1) % 7;
      const hours = ALWAYS.map((_, day) => {
        if (close < 24 * 60) return { open: 0, close };
        if (day !== tomorrow) return { open: 0, close: 24 * 60 };
        return close > 24 * 60 ? { open: 0, close: close - 24 * 60 } : null;
      });
      expect(
        (await create(admin.headers, zoneBody({ location_uuid: location, hours, min_minutes: 5 }))).statusCode,
      ).toBe(201);
      const driver = await driverWithCard();
      const tenMinutes = feeBreakdown(167, MX_RATES).total; // $10.00/h × 10 min = $1.67
      const tooLong = await buy(driver, 30, 1, { zone: location });
      expect(tooLong.statusCode).toBe(422);
      expect(tooLong.json().error).toBe("invalid_data");
      const bought = await buy(driver, 10, tenMinutes, { zone: location });
      expect(bought.statusCode, bought.body).toBe(201);
      const session = bought.json().data.session;
      // Nothing more is on sale once the zone's window is sold out.
      const rest = Math.floor(close - minuteOfDay - 10);
      const over = await extend(driver, session.uuid, rest + 1, 1);
      expect(over.json().error).toBe("invalid_data");
    });

    it("changes a zone's rules; a zone with no charged hours sells nothing", async () => {
      const location = await newMeterLocation();
      const fields = zoneBody();
      expect((await create(admin.headers, { ...fields, location_uuid: location })).statusCode).toBe(201);
      const changed = await app.inject({
        method: "PUT",
        url: `/api/admin/meter/${location}`,
        headers: admin.headers,
        payload: { ...fields, hours: ALWAYS.map(() => null) },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.hours).toEqual(ALWAYS.map(() => null));
      const driver = await driverWithCard();
      const refused = await buy(driver, 30, 1000, { zone: location });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toBe("location_not_available");
      expect(await chargesOf(driver.user.id)).toHaveLength(0);
    });
  });

  describe("paying", () => {
    it("charges the price shown for the minutes chosen and answers the end time", async () => {
      const driver = await driverWithCard();
      const before = Date.now();
      // 30 minutes at $12.00/h = $6.00 + $5.00 convenience, + 2.9 % card ($0.32), + 16 % IVA ($1.81).
      expect(priceOf(before, before, 30)).toBe(1313);
      const response = await buy(driver, 30, 1313);
      expect(response.statusCode, response.body).toBe(201);
      const { session, payment } = response.json().data;
      expect(payment.status).toBe("succeeded");
      expect(session).toMatchObject({ status: "active", total_paid: 1313, currency: "mxn" });
      expect(session.zone).toMatchObject({ zone_code: "101", time_zone: "America/Monterrey" });
      expect(Date.parse(session.ends_at) - Date.parse(session.started_at)).toBe(30 * MINUTE);
      const charges = await chargesOf(driver.user.id);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ amount: 1313, subtotal: 600, purpose: "meter", status: "succeeded" });
    });

    it("refuses durations outside the zone's limits and a total that is not the rules' price", async () => {
      const driver = await driverWithCard();
      const now = Date.now();
      for (const minutes of [10, 121]) {
        const response = await buy(driver, minutes, priceOf(now, now, minutes));
        expect(response.statusCode).toBe(422);
        expect(response.json().error).toBe("invalid_data");
      }
      const cheaper = await buy(driver, 30, priceOf(now, now, 30) - 1);
      expect(cheaper.statusCode).toBe(409);
      expect(cheaper.json().error).toBe("invalid_visit_amount");
      expect(await chargesOf(driver.user.id)).toHaveLength(0);
      // Nothing half-made blocks the next purchase.
      expect((await buy(driver, 30, priceOf(now, now, 30))).statusCode).toBe(201);
    });

    it("answers a retried request with the same key once, charging once", async () => {
      const driver = await driverWithCard();
      const now = Date.now();
      const key = idempotencyKey();
      const first = await buy(driver, 45, priceOf(now, now, 45), { key });
      const second = await buy(driver, 45, priceOf(now, now, 45), { key });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json().data.session.uuid).toBe(first.json().data.session.uuid);
      expect(await chargesOf(driver.user.id)).toHaveLength(1);
    });

    it("extends the running session when the same plate pays again in the zone, up to the maximum stay", async () => {
      const driver = await driverWithCard();
      const session = await paidSession(driver, 60);
      const started = Date.parse(session.started_at);
      const paidUntil = Date.parse(session.ends_at);
      const again = await buy(driver, 45, priceOf(started, paidUntil, 45));
      expect(again.statusCode, again.body).toBe(201);
      const extended = again.json().data.session;
      expect(extended.uuid).toBe(session.uuid);
      expect(Date.parse(extended.ends_at)).toBe(paidUntil + 45 * MINUTE);
      // 60 + 45 of 120 minutes: 16 more is past the maximum stay.
      const tooLong = await extend(driver, session.uuid, 16, priceOf(started, paidUntil + 45 * MINUTE, 16));
      expect(tooLong.statusCode).toBe(422);
      expect(tooLong.json().error).toBe("invalid_data");
      const last = await extend(driver, session.uuid, 15, priceOf(started, paidUntil + 45 * MINUTE, 15));
      expect(last.statusCode, last.body).toBe(200);
      expect(Date.parse(last.json().data.session.ends_at) - started).toBe(120 * MINUTE);
      const atMaximum = await extend(driver, session.uuid, 1, 1);
      expect(atMaximum.json().error).toBe("location_not_available");
      const charges = await chargesOf(driver.user.id);
      expect(charges.map((charge) => charge.subtotal).sort((a, b) => a - b)).toEqual([300, 900, 1200]);
      const sessions = await app.db
        .selectFrom("meter_sessions")
        .selectAll()
        .where("user_id", "=", driver.user.id)
        .execute();
      expect(sessions).toHaveLength(1);
    });

    it("two purchases at once for one plate in one zone make one session, paid once per purchase", async () => {
      const driver = await driverWithCard();
      const now = Date.now();
      const answers = await Promise.all([
        buy(driver, 30, priceOf(now, now, 30)),
        buy(driver, 30, priceOf(now, now, 30)),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      // The second either extends the first (same price: 30 more minutes) or finds the first still
      // being paid (409): never a second session for the same plate and zone.
      expect(statuses[0]).toBe(201);
      const sessions = await app.db
        .selectFrom("meter_sessions")
        .selectAll()
        .where("user_id", "=", driver.user.id)
        .execute();
      expect(sessions.filter((session) => session.status !== "cancelled")).toHaveLength(1);
      const [session] = sessions;
      const paid = (await chargesOf(driver.user.id)).filter((charge) => charge.status === "succeeded");
      const purchases = await app.db
        .selectFrom("meter_purchases")
        .selectAll()
        .where("session_id", "=", session?.id ?? "")
        .where("status", "=", "paid")
        .execute();
      expect(paid).toHaveLength(purchases.length);
      const minutes = purchases.reduce((sum, purchase) => sum + purchase.minutes, 0);
      expect(Date.parse(session?.ends_at ?? "") - Date.parse(session?.started_at ?? "")).toBe(minutes * MINUTE);
    });

    it("does not extend another driver's session, nor one that has ended", async () => {
      const driver = await driverWithCard();
      const session = await paidSession(driver);
      const stranger = await driverWithCard();
      expect((await extend(stranger, session.uuid, 15, 1)).statusCode).toBe(404);
      await app.db
        .updateTable("meter_sessions")
        .set({
          started_at: new Date(Date.now() - 60 * MINUTE).toISOString(),
          ends_at: new Date(Date.now() - MINUTE).toISOString(),
        })
        .where("id", "=", session.uuid)
        .execute();
      const ended = await extend(driver, session.uuid, 15, 1);
      expect(ended.json().error).toBe("location_not_available");
      const past = await app.inject({
        method: "GET",
        url: "/api/user/meter-sessions?status=past",
        headers: driver.headers,
      });
      expect(past.json().data.map((item: { uuid: string; status: string }) => [item.uuid, item.status])).toEqual([
        [session.uuid, "expired"],
      ]);
    });

    it("leaves no paid time after a decline, and the next purchase starts afresh", async () => {
      const driver = await driverWithCard("decline");
      const now = Date.now();
      const declined = await buy(driver, 30, priceOf(now, now, 30));
      expect(declined.statusCode).toBe(402);
      const active = await app.inject({
        method: "GET",
        url: "/api/user/meter-sessions?status=active",
        headers: driver.headers,
      });
      expect(active.json().data).toEqual([]);
      const past = await app.inject({
        method: "GET",
        url: "/api/user/meter-sessions?status=past",
        headers: driver.headers,
      });
      expect(past.json().data[0]).toMatchObject({ status: "cancelled", total_paid: 0 });
    });

    it("lists the driver's running sessions with their purchases", async () => {
      const driver = await driverWithCard();
      const session = await paidSession(driver);
      const active = await app.inject({
        method: "GET",
        url: "/api/user/meter-sessions?status=active",
        headers: driver.headers,
      });
      expect(active.json().data).toHaveLength(1);
      expect(active.json().data[0]).toMatchObject({ uuid: session.uuid, status: "active" });
      expect(active.json().data[0].purchases).toHaveLength(1);
      const one = await app.inject({
        method: "GET",
        url: `/api/user/meter-session/${session.uuid}`,
        headers: driver.headers,
      });
      expect(one.json().data.vehicle.plate).toBe(driver.vehicle.plate);
    });
  });

  describe("reminders", () => {
    const dueNow = (sessionId: string) =>
      app.db
        .updateTable("jobs")
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where("dedupe_key", "like", `meter-%:${sessionId}:%`)
        .execute();

    it("reminds once before the end, even when the job runs twice, with a link to extend", async () => {
      const driver = await driverWithCard();
      const session = await paidSession(driver, 30);
      const jobs = await app.db
        .selectFrom("jobs")
        .selectAll()
        .where("dedupe_key", "=", `meter-reminder:${session.uuid}:${session.ends_at}`)
        .execute();
      expect(jobs).toHaveLength(1);
      expect(Date.parse(jobs[0]?.run_at ?? "")).toBe(Date.parse(session.ends_at) - 10 * MINUTE);
      // A second copy of the job, as a second worker or a retry would run it.
      await app.db
        .insertInto("jobs")
        .values({ ...(jobs[0] as NonNullable<(typeof jobs)[0]>), id: randomUUID(), dedupe_key: null })
        .execute();
      await app.db
        .updateTable("jobs")
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where("kind", "=", "meters.reminder")
        .execute();
      await app.jobs.runDueJobs();
      await app.jobs.runDueJobs();
      const sms = (await outboxFor(app, driver.user.phone)).filter((message) => message.channel === "sms");
      expect(sms).toHaveLength(1);
      // The driver's saved card makes it a one-tap extend link (docs/product/reminders.md).
      expect(sms[0]?.body).toMatch(/\/extender\/[\w-]{43}/);
      expect(sms[0]?.body).toContain("101");
      // One channel, the driver's (SMS until they choose another).
      expect(await outboxFor(app, driver.user.email ?? "")).toHaveLength(0);
    });

    it("links its notices to the host the driver paid on; a session from before to its zone's country's host", async () => {
      const driver = await driverWithCard();
      const now = Date.now();
      const bought = await app.inject({
        method: "POST",
        url: "/api/user/meter-session",
        headers: { ...driver.headers, host: "isisa.localhost:8080", "idempotency-key": idempotencyKey() },
        payload: {
          zone_uuid: ZONE_101,
          vehicle_uuid: driver.vehicle.id,
          minutes: 30,
          expected_total: priceOf(now, now, 30),
        },
      });
      expect(bought.statusCode, bought.body).toBe(201);
      const session = bought.json().data.session as { uuid: string };
      await dueNow(session.uuid);
      await app.jobs.runDueJobs();
      const reminder = (await outboxFor(app, driver.user.phone)).find((message) => message.body.includes("/extender/"));
      expect(reminder?.body).toContain("http://isisa.localhost:8080/extender/");

      const publicUrl = app.config.publicUrl;
      const austin = { organisation_id: "", country: "us" as const };
      const usOrigin = new URL(publicUrl);
      usOrigin.hostname = "us.localhost";
      expect(await messageOrigin(app, null, austin)).toBe(usOrigin.origin);
      expect(await messageOrigin(app, null, { ...austin, country: "mx" })).toBe(publicUrl);
      expect(await messageOrigin(app, "http://isisa.localhost:8080", austin)).toBe("http://isisa.localhost:8080");
    });

    it("sends nothing for an end that an extension moved, and tells the driver when time is up", async () => {
      const driver = await driverWithCard();
      const session = await paidSession(driver, 30);
      const started = Date.parse(session.started_at);
      const paidUntil = Date.parse(session.ends_at);
      expect((await extend(driver, session.uuid, 30, priceOf(started, paidUntil, 30))).statusCode).toBe(200);
      await app.db
        .updateTable("jobs")
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where("dedupe_key", "in", [
          `meter-reminder:${session.uuid}:${session.ends_at}`,
          `meter-expired:${session.uuid}:${session.ends_at}`,
        ])
        .execute();
      await app.jobs.runDueJobs();
      expect(await outboxFor(app, driver.user.phone)).toHaveLength(0);
      // The session ran out: the notice for its real end goes out once.
      const ended = new Date(Date.now() - MINUTE).toISOString();
      await app.db
        .updateTable("meter_sessions")
        .set({ started_at: new Date(Date.now() - 61 * MINUTE).toISOString(), ends_at: ended })
        .where("id", "=", session.uuid)
        .execute();
      await app.db
        .updateTable("jobs")
        .set({ payload: JSON.stringify({ sessionId: session.uuid, endsAt: ended }) })
        .where("dedupe_key", "=", `meter-expired:${session.uuid}:${new Date(paidUntil + 30 * MINUTE).toISOString()}`)
        .execute();
      await dueNow(session.uuid);
      await app.jobs.runDueJobs();
      await app.jobs.runDueJobs();
      const sms = await outboxFor(app, driver.user.phone);
      expect(sms).toHaveLength(1);
      expect(sms[0]?.body).toMatch(/terminó/);
      expect(sms[0]?.body).toContain(`/parquimetros/${ZONE_101}`);
      expect(sms[0]?.body).not.toContain("session=");
    });
  });

  describe("enforcement", () => {
    let deviceCounter = 0;
    const deviceKey = async (kind: "meter" | "gate", locationId = METER_ZONE) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/admin/device",
        headers: admin.headers,
        payload: {
          device_id: `officer-${process.pid}-${++deviceCounter}`,
          location_uuid: locationId,
          kind,
          direction: "both",
        },
      });
      expect(response.statusCode).toBe(201);
      return response.json().data.key as string;
    };
    const check = (key: string | undefined, payload: Record<string, unknown>) =>
      app.inject({
        method: "POST",
        url: "/api/device/meter/check",
        headers: key ? { "x-device-key": key } : {},
        payload,
      });

    it("answers whether a plate is paid in a zone and until when, with no personal data", async () => {
      const driver = await driverWithCard();
      const session = await paidSession(driver);
      const key = await deviceKey("meter");
      const paid = await check(key, { plate: driver.vehicle.plate.toLowerCase(), zone_code: "101" });
      expect(paid.statusCode).toBe(200);
      expect(paid.json().data).toMatchObject({
        plate: driver.vehicle.plate,
        zone_code: "101",
        paid: true,
        paid_until: session.ends_at,
        time_zone: "America/Monterrey",
      });
      expect(Object.keys(paid.json().data).sort()).toEqual([
        "checked_at",
        "paid",
        "paid_until",
        "plate",
        "time_zone",
        "zone_code",
      ]);
      // The device's own zone (100) has no time for this plate.
      const elsewhere = await check(key, { plate: driver.vehicle.plate });
      expect(elsewhere.json().data).toMatchObject({ zone_code: "100", paid: false, paid_until: null });
      expect((await check(undefined, { plate: "ABC123" })).statusCode).toBe(401);
      const gate = await deviceKey("gate", FUNDIDORA);
      expect((await check(gate, { plate: "ABC123", zone_code: "101" })).json().error).toBe("forbidden_access");
      expect((await check(key, { plate: "ABC123", zone_code: "999" })).json().error).toBe("object_not_found");
    });
  });
});
