import { MAX_ZONES_IN_VIEW } from "@estaciona/contracts/schemas/meters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listZones } from "../../src/modules/meters/zones.ts";
import { createTestApp, type TestApp } from "../support/helpers.ts";
import { answerOfOldRows, insertZoneGrid, listZonesInBoxBeforeIndex, randomViews } from "../support/meter-fixtures.ts";

/**
 * The map's query on its spatial index answers exactly what the query it replaced answered
 * (docs/decisions/0177): the same zones in the same order, on random views of a city where zones
 * were also moved, renamed, repriced, switched off and deleted after the index was built (the
 * R*Tree's triggers). The whole answer is compared — each zone as the map's summary
 * (docs/decisions/0300), written by the database and sent as text (docs/decisions/0336).
 */
describe("the meters map on its spatial index", () => {
  let app: TestApp;
  const origin = { lat: 30, lng: 20 };

  beforeAll(async () => {
    app = await createTestApp();
    await insertZoneGrid(app.db, { count: 2500, origin });
    const grid = await app.db
      .selectFrom("locations")
      .select(["id", "lat", "lng"])
      .where("name", "like", "Zona G%")
      .where("lat", ">=", origin.lat)
      .orderBy("name")
      .execute();
    // Every 7th zone moves 30 m north-east, every 5th is renamed and repriced, every 11th is switched off, every 13th is deleted.
    for (const [index, zone] of grid.entries()) {
      if (index % 7 === 0)
        await app.db
          .updateTable("locations")
          .set({ lat: zone.lat + 0.0003, lng: zone.lng + 0.0003 })
          .where("id", "=", zone.id)
          .execute();
      if (index % 5 === 0) {
        await app.db
          .updateTable("locations")
          .set({ name: `Renamed ${index} «ñ» "quoted"` })
          .where("id", "=", zone.id)
          .execute();
        await app.db
          .updateTable("parking_meters")
          .set({ rate_per_hour: 1500 })
          .where("location_id", "=", zone.id)
          .execute();
      }
      if (index % 11 === 0)
        await app.db.updateTable("locations").set({ active: 0 }).where("id", "=", zone.id).execute();
      if (index % 13 === 0) {
        await app.db.deleteFrom("parking_meters").where("location_id", "=", zone.id).execute();
        await app.db.deleteFrom("locations").where("id", "=", zone.id).execute();
      }
    }
    // About a thousand writes one after another: on a loaded CI machine past the default hook limit.
  }, 180_000);
  afterAll(async () => app.close());

  it("answers the same zones in the same order as the old query on 300 random views", async () => {
    const views = randomViews(300, { origin, side: 0.05, seed: 7 });
    let answered = 0;
    for (const view of views) {
      const before = await listZonesInBoxBeforeIndex(app.db, view, MAX_ZONES_IN_VIEW + 1);
      const after = JSON.parse((await listZones(app.db, view, null)).text);
      expect(after).toEqual(answerOfOldRows(before));
      answered += after.items.length;
    }
    // The views are not empty: most hold dozens of zones.
    expect(answered / views.length).toBeGreaterThan(20);
    // 600 queries in turn: 10 s on a quiet machine, beyond the default limit on a loaded one.
  }, 120_000);

  it("answers the whole city capped, nearest the centre first, as before", async () => {
    const city = {
      west: origin.lng - 0.01,
      south: origin.lat - 0.01,
      east: origin.lng + 0.06,
      north: origin.lat + 0.06,
    };
    const before = await listZonesInBoxBeforeIndex(app.db, city, MAX_ZONES_IN_VIEW + 1);
    const after = JSON.parse((await listZones(app.db, city, null)).text);
    expect(after.truncated).toBe(true);
    expect(after).toEqual(answerOfOldRows(before));
  });

  it("sends the route's answer as JSON that parses to the old answer", async () => {
    for (const random of randomViews(20, { origin, side: 0.05, seed: 11 })) {
      // The query string carries at most 12 decimals (queryDecimal); a map sends fewer.
      const [west, south, east, north] = [random.west, random.south, random.east, random.north].map((value) =>
        Number(value.toFixed(6)),
      ) as [number, number, number, number];
      const view = { west, south, east, north };
      const response = await app.inject({
        method: "GET",
        url: `/api/open/meters?west=${view.west}&south=${view.south}&east=${view.east}&north=${view.north}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      const before = await listZonesInBoxBeforeIndex(app.db, view, MAX_ZONES_IN_VIEW + 1);
      expect(response.json()).toEqual({ data: answerOfOldRows(before) });
    }
  });
});
