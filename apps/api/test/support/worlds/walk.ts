/**
 * A world for the walks that call every endpoint with real ids (docs/decisions/0298): one of each
 * kind of location of the platform organisation (a lot with its passes, an on-street meter zone, a
 * valet stand, a venue with an upcoming event in a named series), a promo code for every pass and
 * a partner landing, so a broken field reaches the domain and the database.
 */
import { newId } from "../../../src/lib/ids.ts";
import { nowIso } from "../../../src/lib/time.ts";
import { PLATFORM_ORGANISATION } from "../../../src/seed/reference.ts";
import type { TestApp } from "../helpers.ts";
import { createEvent, createMeterZone, createValetStand, createVenue } from "../world.ts";
import { createPartnerPage } from "./passes.ts";
import { sharedPlans } from "./shared.ts";

export async function walkWorld(app: TestApp) {
  const { lot, monthly } = await sharedPlans(app);
  const meterZone = await createMeterZone(app);
  const valetStand = await createValetStand(app);
  const venue = await createVenue(app);
  const series = { id: newId(), organisation_id: PLATFORM_ORGANISATION.id, slug: "temporada", name: "Temporada" };
  await app.db
    .insertInto("event_series")
    .values({ ...series, description: "", created_at: nowIso() })
    .execute();
  const event = await createEvent(app, venue.id, { series_id: series.id });
  const discount = { id: newId(), code: "BIENVENIDA" };
  await app.db
    .insertInto("discounts")
    .values({
      ...discount,
      kind: "percent",
      value: 50,
      currency: null,
      plan_id: null,
      periods: 1,
      starts_on: null,
      ends_on: null,
      max_redemptions: 1000,
      redemptions: 0,
      organisation_id: PLATFORM_ORGANISATION.id,
      created_at: nowIso(),
    })
    .execute();
  const partnerPage = { slug: "aisd", hostname: "localhost", locationIds: [lot.id], title_en: "Passes for staff" };
  await createPartnerPage(app, partnerPage);
  return { lot, plan: monthly, meterZone, valetStand, venue, series, event, discount, partnerPage };
}
