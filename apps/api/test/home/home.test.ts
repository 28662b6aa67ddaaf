import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distanceM } from "../../src/modules/home/service.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { createMeterZone } from "../support/world.ts";
import { createOffersOfEveryHost } from "../support/worlds/offers.ts";

/** The home's sections per host (docs/decisions/0170): what each offers, in its order, and nothing of another tenant. */
describe(`the home's offers (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await createOffersOfEveryHost(app);
  });
  afterAll(async () => app.close());

  const home = async (host: string, query = "") => {
    const response = await app.inject({ method: "GET", url: `/api/open/home${query}`, headers: { host } });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const currencies = (offers: Awaited<ReturnType<typeof home>>) =>
    new Set([
      ...offers.lots.map((lot: { currency: string }) => lot.currency),
      ...offers.meter_zones.map((zone: { currency: string }) => zone.currency),
      ...offers.events.map((event: { currency: string }) => event.currency),
      ...offers.passes.map((pass: { currency: string }) => pass.currency),
      ...offers.valet.map((stand: { currency: string }) => stand.currency),
    ]);

  it("the default host offers every product of its country, nearest its map centre first", async () => {
    const offers = await home("localhost");
    expect(offers.near).toBe("host");
    expect(offers.sections).toEqual(["lots", "meters", "events", "passes", "valet", "help"]);
    expect(offers.lots.length).toBeGreaterThan(0);
    expect(offers.meter_zones.length).toBeGreaterThan(0);
    expect(offers.valet.length).toBeGreaterThan(0);
    expect(currencies(offers)).toEqual(new Set(["mxn"]));
    const distances = offers.lots.map((lot: { distance_m: number }) => lot.distance_m);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const lot of offers.lots) expect(lot.next_hour_total).toBeGreaterThan(0);
    // A student pass is the university host's product.
    expect(offers.passes.some((pass: { requires_student_id: boolean }) => pass.requires_student_id)).toBe(false);
  });

  it("the university host leads with its student pass and its campus lot, and sells no events, meters or valet", async () => {
    const offers = await home("isisa.localhost");
    expect(offers.sections).toEqual(["student_pass", "lots", "passes", "help"]);
    expect(offers.passes[0]).toMatchObject({ requires_student_id: true });
    expect(offers.lots[0].name).toBe("Estacionamiento Campus Valle Oriente");
    // The host names its lots (decision 0165): nothing of the organisation's other lots shows.
    const places = [
      ...offers.lots.map((lot: { name: string }) => lot.name),
      ...offers.passes.map((pass: { location: { name: string } }) => pass.location.name),
    ];
    expect(new Set(places)).toEqual(new Set(["Estacionamiento Campus Valle Oriente"]));
    expect(offers).toMatchObject({ meter_zones: [], events: [], valet: [] });
    // The arena's event pass belongs to a host that sells events.
    expect(offers.passes.map((pass: { location: { name: string } }) => pass.location.name)).not.toContain(
      "Arena Monterrey",
    );
  });

  it("the freeflow host leads with plates and lots", async () => {
    expect((await home("freeflow.localhost")).sections).toEqual(["plates", "lots", "help"]);
  });

  it("the US host shows dollars only", async () => {
    const offers = await home("us.localhost");
    expect(offers.lots.length + offers.events.length + offers.passes.length).toBeGreaterThan(0);
    expect(currencies(offers)).toEqual(new Set(["usd"]));
  });

  it("orders by the driver's position once given, and refuses half a position", async () => {
    // Next to the Cumbres lot (another organisation's, shown by the default host).
    const near = await home("localhost", "?lat=25.7295&lng=-100.3885");
    expect(near.near).toBe("position");
    expect(near.lots[0]).toMatchObject({ name: "Estacionamiento Cumbres" });
    expect(near.lots[0].distance_m).toBeLessThan(1_000);
    expect((await home("localhost")).lots[0].name).not.toBe("Estacionamiento Cumbres");
    const half = await app.inject({ method: "GET", url: "/api/open/home?lat=25.7", headers: { host: "localhost" } });
    expect(half.statusCode).toBe(422);
  });

  it("shows the nearest meter zones of many, nearest first, read from the database's order", async () => {
    // Thirty zones scattered within ~3 km of a point far from the demo city, some switched off.
    const origin = { lat: 21.16, lng: -86.85 };
    const zones = [];
    for (let index = 0; index < 30; index++) {
      const lat = origin.lat + Math.sin(index * 7.3) * 0.027;
      const lng = origin.lng + Math.cos(index * 3.1) * 0.027;
      const active = index % 7 === 3 ? 0 : 1;
      const { location } = await createMeterZone(app, { location: { lat, lng, active } });
      if (active) zones.push({ name: location.name, distance: distanceM(origin, { lat, lng }) });
    }
    const offers = await home("localhost", `?lat=${origin.lat}&lng=${origin.lng}`);
    const nearest = zones.sort((a, b) => a.distance - b.distance).slice(0, offers.meter_zones.length);
    expect(offers.meter_zones).toHaveLength(4);
    // Names in order; distances to the metre (PostgreSQL keeps coordinates as 4-byte floats).
    expect(offers.meter_zones.map((zone: { name: string }) => zone.name)).toEqual(nearest.map((zone) => zone.name));
    offers.meter_zones.forEach((zone: { distance_m: number }, index: number) => {
      expect(Math.abs(zone.distance_m - (nearest[index]?.distance ?? 0))).toBeLessThanOrEqual(2);
    });
  });

  it("lists every upcoming event at the host's venues, soonest first, and none where the host sells none", async () => {
    const list = async (host: string) =>
      (await app.inject({ method: "GET", url: "/api/open/events", headers: { host } })).json().data;
    const events = await list("localhost");
    expect(events.length).toBeGreaterThan(0);
    const starts = events.map((event: { starts_at: string }) => event.starts_at);
    expect(starts).toEqual([...starts].sort());
    expect(new Set(events.map((event: { currency: string }) => event.currency))).toEqual(new Set(["mxn"]));
    expect(await list("isisa.localhost")).toEqual([]);
    expect(new Set((await list("us.localhost")).map((event: { currency: string }) => event.currency))).toEqual(
      new Set(["usd"]),
    );
  });
});
