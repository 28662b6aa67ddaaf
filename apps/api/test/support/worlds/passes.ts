/**
 * The passes a subscriptions test sells (docs/decisions/0298): the shared lot's monthly and weekly
 * passes, a night pass at a second lot, the students' pass, an event pass at a venue, and an Austin
 * garage's monthly and weekly ones; the venue and a meter zone, where only some intervals are sold;
 * and the partner landings that offer them. Built once per app.
 */
import { nowIso } from "../../../src/lib/time.ts";
import type { TestApp } from "../helpers.ts";
import { createLocation, createMeterZone, createPlan, createVenue } from "../world.ts";
import { austinPlan, oncePerApp, sharedPlans, studentPlan } from "./shared.ts";

export const passesWorld = oncePerApp(async (app: TestApp) => {
  const { lot, monthly, weekly } = await sharedPlans(app);
  const { campus, plan: student } = await studentPlan(app);
  const { garage: austin, plan: austinMonthly } = await austinPlan(app);
  const austinWeekly = await createPlan(app, austin.id, {
    name: "Weekly pass",
    cost: 5500,
    currency: "usd",
    interval_unit: "week",
    availability: null,
  });
  const nightLot = await createLocation(app, { name: "Estacionamiento Prueba Nocturno", short_name: "Nocturno" });
  const night = await createPlan(app, nightLot.id, { name: "Pensión nocturna", cost: 90000, availability: 20 });
  const venue = await createVenue(app);
  const eventPass = await createPlan(app, venue.id, {
    name: "Pase de evento",
    cost: 15000,
    interval_unit: "one_time",
    availability: null,
    discount_kind: "percent",
    discount_value: 10,
  });
  const meterZone = (await createMeterZone(app)).location;
  return {
    lot,
    monthly,
    weekly,
    campus,
    student,
    austin,
    austinMonthly,
    austinWeekly,
    nightLot,
    night,
    venue,
    eventPass,
    meterZone,
  };
});

/** A partner landing (/aisd, /vaughn) on a host, offering the passes of the given lots. */
export async function createPartnerPage(
  app: TestApp,
  page: { slug: string; hostname: string; locationIds: string[]; title_en: string },
) {
  await app.db
    .insertInto("partner_pages")
    .values({
      slug: page.slug,
      hostname: page.hostname,
      title_es: page.title_en,
      title_en: page.title_en,
      text_es: "Elige tu pensión.",
      text_en: "Choose a pass.",
      location_ids: JSON.stringify(page.locationIds),
      created_at: nowIso(),
    })
    .execute();
}
