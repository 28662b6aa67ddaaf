import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle } from "../support/parking-fixtures.ts";
import { createMeterZone } from "../support/world.ts";
import { pointUniversityHostAt } from "../support/worlds/offers.ts";
import { createAustinGarage, createCampusLot, createParkLot } from "../support/worlds/parking.ts";

type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;

/** The driver's places (issue 26 item 3, docs/decisions/0241): stars, recents from paid stays, per host. */
describe(`the driver's places (${testEngine})`, () => {
  let app: TestApp;
  /** A lot and a meter zone of the default host, the university host's campus lot, a lot in another country. */
  let parkLot: string;
  let meterZone: string;
  let campusLot: string;
  let austinGarage: string;
  beforeAll(async () => {
    app = await createTestApp();
    parkLot = (await createParkLot(app)).id;
    meterZone = (await createMeterZone(app)).location.id;
    campusLot = (await createCampusLot(app)).id;
    await pointUniversityHostAt(app, [campusLot]);
    austinGarage = (await createAustinGarage(app)).id;
  });
  afterAll(async () => app.close());

  const call = (driver: Driver, method: "GET" | "PUT" | "DELETE", url: string, host = "localhost") =>
    app.inject({ method, url: `/api/user/${url}`, headers: { ...driver.headers, host } });
  const places = async (driver: Driver, host = "localhost") => {
    const response = await call(driver, "GET", "places", host);
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      favourites: { uuid: string; kind: string; vehicle_uuid: string | null; starred: boolean }[];
      recents: {
        uuid: string;
        kind: string;
        zone_code: string | null;
        vehicle_uuid: string | null;
        plate: string | null;
      }[];
    };
  };
  const star = (driver: Driver, uuid: string, host = "localhost") => call(driver, "PUT", `favourite/${uuid}`, host);

  /** A paid lot stay and a paid meter session, as the purchase flows leave them (those flows have their own tests). */
  async function paidStays(driver: Driver) {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    await app.db
      .insertInto("visits")
      .values({
        id: randomUUID(),
        user_id: driver.user.id,
        vehicle_id: driver.vehicle.id,
        location_id: parkLot,
        status: "finished",
        source: "app",
        entered_at: at(120),
        exited_at: at(60),
        paid_at: at(60),
        total: 2000,
        currency: "mxn",
        created_at: at(120),
        updated_at: at(60),
      })
      .execute();
    await app.db
      .insertInto("meter_sessions")
      .values({
        id: randomUUID(),
        user_id: driver.user.id,
        vehicle_id: driver.vehicle.id,
        location_id: meterZone,
        plate: driver.vehicle.plate,
        status: "active",
        started_at: at(30),
        ends_at: at(-30),
        currency: "mxn",
        created_at: at(30),
        updated_at: at(30),
      })
      .execute();
  }

  it("lists the last places paid for, newest first, with the vehicle used", async () => {
    const driver = await createDriverWithVehicle(app);
    expect(await places(driver)).toEqual({ favourites: [], recents: [] });
    await paidStays(driver);
    const { recents } = await places(driver);
    expect(recents.map((place) => [place.uuid, place.kind])).toEqual([
      [meterZone, "meter"],
      [parkLot, "lot"],
    ]);
    expect(recents[0]).toMatchObject({ vehicle_uuid: driver.vehicle.id, plate: driver.vehicle.plate });
    expect(recents[0]?.zone_code).toEqual(expect.any(String));
    expect(recents[1]?.zone_code).toBeNull();
  });

  it("stars and unstars idempotently; a starred recent moves to the favourites with its vehicle", async () => {
    const driver = await createDriverWithVehicle(app);
    await paidStays(driver);
    for (let time = 0; time < 2; time++) expect((await star(driver, meterZone)).statusCode).toBe(200);
    const starred = await places(driver);
    expect(starred.favourites).toEqual([
      expect.objectContaining({ uuid: meterZone, starred: true, vehicle_uuid: driver.vehicle.id }),
    ]);
    expect(starred.recents.map((place) => place.uuid)).toEqual([parkLot]);
    for (let time = 0; time < 2; time++)
      expect((await call(driver, "DELETE", `favourite/${meterZone}`)).statusCode).toBe(200);
    expect((await places(driver)).favourites).toEqual([]);
  });

  it("keeps each driver's list apart", async () => {
    const [ana, bea] = [await createDriverWithVehicle(app), await createDriverWithVehicle(app)];
    await star(ana, parkLot);
    await paidStays(ana);
    expect(await places(bea)).toEqual({ favourites: [], recents: [] });
  });

  it("shows and stars only what the requesting host offers", async () => {
    const driver = await createDriverWithVehicle(app);
    expect((await star(driver, parkLot)).statusCode).toBe(200);
    await paidStays(driver);
    // The university host names its campus lot only: the lots and zones starred or paid elsewhere stay there.
    expect(await places(driver, "isisa.localhost")).toEqual({ favourites: [], recents: [] });
    expect((await star(driver, parkLot, "isisa.localhost")).json()).toMatchObject({ error: "object_not_found" });
    expect((await star(driver, campusLot, "isisa.localhost")).statusCode).toBe(200);
    expect((await places(driver, "isisa.localhost")).favourites.map((place) => place.uuid)).toEqual([campusLot]);
    expect((await places(driver)).favourites.map((place) => place.uuid)).toEqual(
      expect.arrayContaining([parkLot, campusLot]),
    );
  });

  it("answers the not-found code for an unknown place, another country's lot or a malformed id", async () => {
    const driver = await createDriverWithVehicle(app);
    for (const uuid of [randomUUID(), austinGarage, "not-a-uuid"]) {
      const response = await star(driver, uuid);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe("object_not_found");
    }
    // Unstarring: an id that is no place at all (here a vehicle's) is not found; a place is not.
    const unstarred = await call(driver, "DELETE", `favourite/${driver.vehicle.id}`);
    expect(unstarred.statusCode).toBe(404);
    expect(unstarred.json().error).toBe("object_not_found");
    expect((await call(driver, "DELETE", `favourite/${austinGarage}`)).statusCode).toBe(200);
  });

  it("exports the stars and erases them with the account", async () => {
    const driver = await createDriverWithVehicle(app);
    await star(driver, parkLot);
    const exported = await app.inject({ method: "GET", url: "/api/user/export", headers: driver.headers });
    expect(exported.json().data.favourites).toEqual([expect.objectContaining({ location_uuid: parkLot })]);
    expect((await app.inject({ method: "DELETE", url: "/api/user", headers: driver.headers })).statusCode).toBe(200);
    const left = await app.db
      .selectFrom("favourite_places")
      .selectAll()
      .where("user_id", "=", driver.user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("needs a signed-in driver", async () => {
    expect((await app.inject({ method: "GET", url: "/api/user/places" })).statusCode).toBe(401);
  });
});
