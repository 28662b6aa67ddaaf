/**
 * The operator console's world (docs/decisions/0298): the platform organisation's shared lot, a
 * second lot of its for a staff member limited to it, a venue, and another organisation with a
 * lot of its own, whose operator must see none of the first one's rows. Built once per app.
 */
import type { TestApp } from "../helpers.ts";
import { createLocation, createOrganisation, createVenue } from "../world.ts";
import { oncePerApp, sharedLot } from "./shared.ts";

export const consoleWorld = oncePerApp(async (app: TestApp) => {
  const lot = (await sharedLot(app)).id;
  const secondLot = (await createLocation(app, { name: "Estacionamiento Prueba Norte", short_name: "Prueba Norte" }))
    .id;
  const venue = (await createVenue(app)).id;
  const otherOrganisation = (await createOrganisation(app, { name: "Estacionamientos Ajenos" })).id;
  const otherLocation = (
    await createLocation(app, { organisation_id: otherOrganisation, name: "Estacionamiento Ajeno" })
  ).id;
  return { lot, secondLot, venue, otherOrganisation, otherLocation };
});
