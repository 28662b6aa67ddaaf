import { randomUUID } from "node:crypto";
import { feeBreakdown } from "@estaciona/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestApp, testEngine } from "../support/helpers.ts";
import { ALWAYS_HOURS as ALWAYS, insertZoneGrid, MX_RATES } from "../support/meter-fixtures.ts";
import { metersApp } from "../support/meters-app.ts";
import { createLocation } from "../support/world.ts";
import { createAustinZones, createMonterreyZones } from "../support/worlds/meters.ts";

/** Meter zones: found on the map and by their code, and made and changed by an admin. */
describe(`parking meters (${testEngine})`, () => {
  const meters = metersApp();
  const { driverWithCard, buy, extend, chargesOf } = meters;
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(() => {
    ({ app, admin } = meters.opened());
  });

  describe("zones", () => {
    beforeAll(async () => {
      await createMonterreyZones(app);
      await createAustinZones(app);
    });

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
        uuid: meters.opened().zone.location.id,
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
      const lot = await createLocation(app);
      const driver = await createSignedInUser(app);
      expect((await create(driver.headers, zoneBody({ location_uuid: location }))).statusCode).toBe(403);
      expect((await create({}, zoneBody({ location_uuid: location }))).statusCode).toBe(401);
      expect((await create(admin.headers, zoneBody({ location_uuid: lot.id }))).json().error).toBe(
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
});
