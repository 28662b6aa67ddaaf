import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { messageOrigin } from "../../src/modules/hosts/service.ts";
import { type createSignedInUser, type TestApp, testEngine } from "../support/helpers.ts";
import { priceOf } from "../support/meter-fixtures.ts";
import { metersApp } from "../support/meters-app.ts";
import { idempotencyKey, outboxFor } from "../support/parking-fixtures.ts";
import { createLocation, createMeterZone } from "../support/world.ts";

const MINUTE = 60_000;

/** Meter sessions: paying and extending them, the reminders before their end, and enforcement. */
describe(`parking meters (${testEngine})`, () => {
  const meters = metersApp();
  const { driverWithCard, buy, extend, chargesOf, paidSession } = meters;
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  /** Zone 101, where the drivers buy; zone 100, where the officer's device stands; a lot with a gate. */
  let zone101: string;
  let zone100: string;
  let lot: string;
  beforeAll(async () => {
    ({ app, admin } = meters.opened());
    zone101 = meters.opened().zone.location.id;
    zone100 = (await createMeterZone(app, { meter: { zone_code: "100" } })).location.id;
    lot = (await createLocation(app)).id;
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
          zone_uuid: zone101,
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
      expect(sms[0]?.body).toContain(`/parquimetros/${zone101}`);
      expect(sms[0]?.body).not.toContain("session=");
    });
  });

  describe("enforcement", () => {
    let deviceCounter = 0;
    const deviceKey = async (kind: "meter" | "gate", locationId = zone100) => {
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
      const gate = await deviceKey("gate", lot);
      expect((await check(gate, { plate: "ABC123", zone_code: "101" })).json().error).toBe("forbidden_access");
      expect((await check(key, { plate: "ABC123", zone_code: "999" })).json().error).toBe("object_not_found");
    });
  });
});
