/**
 * What the reference hosts offer, built by the test (docs/decisions/0298): in Monterrey a lot with
 * its monthly pass, a campus lot with its student pass (the university host's one lot), a meter
 * zone, a valet stand, the arena with an event and its event pass, and another organisation's lot;
 * in Austin a garage with its pass and a venue with an event, in dollars.
 */
import type { TestApp } from "../helpers.ts";
import {
  createEvent,
  createLocation,
  createMeterZone,
  createOrganisation,
  createPlan,
  createValetStand,
  fixedPrice,
} from "../world.ts";
import { createArena, createAustinVenue } from "./events.ts";
import { createAustinGarage, createCampusLot, createParkLot } from "./parking.ts";

/** The reference university host ("isisa.localhost") offers only the lots named here. */
export async function pointUniversityHostAt(app: TestApp, locationIds: string[]) {
  await app.db
    .updateTable("hosts")
    .set({ location_ids: JSON.stringify(locationIds) })
    .where("hostname", "=", "isisa.localhost")
    .execute();
}

export async function createOffersOfEveryHost(app: TestApp) {
  const parkLot = (await createParkLot(app)).id;
  const monthlyPass = (await createPlan(app, parkLot)).id;
  const campusLot = (await createCampusLot(app)).id;
  const studentPass = (
    await createPlan(app, campusLot, {
      name: "Pensión estudiantil",
      cost: 60000,
      availability: 200,
      requires_student_id: 1,
    })
  ).id;
  await pointUniversityHostAt(app, [campusLot]);
  const meterZone = (await createMeterZone(app)).location.id;
  const valetStand = (await createValetStand(app)).id;
  const arena = (await createArena(app)).id;
  await createEvent(app, arena);
  const arenaPass = (
    await createPlan(app, arena, {
      name: "Pase de evento",
      cost: 15000,
      interval_unit: "one_time",
      availability: null,
      discount_kind: "percent",
      discount_value: 10,
    })
  ).id;
  const otherOrganisation = (await createOrganisation(app, { name: "Estacionamientos del Norte" })).id;
  const otherLot = (
    await createLocation(app, {
      organisation_id: otherOrganisation,
      name: "Estacionamiento Cumbres",
      short_name: "Cumbres",
      lat: 25.7302,
      lng: -100.3969,
    })
  ).id;
  const austinGarage = (await createAustinGarage(app)).id;
  await createPlan(app, austinGarage, { name: "Monthly pass", cost: 18000, currency: "usd", availability: 40 });
  const austinVenue = (await createAustinVenue(app)).id;
  await createEvent(app, austinVenue, { name: "Basketball", ...fixedPrice(2000) });
  return {
    parkLot,
    monthlyPass,
    campusLot,
    studentPass,
    meterZone,
    valetStand,
    arena,
    arenaPass,
    otherOrganisation,
    otherLot,
    austinGarage,
    austinVenue,
  };
}
