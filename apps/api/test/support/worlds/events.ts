/**
 * Venues, event series and events a test builds for itself (docs/decisions/0298), each a world.ts
 * row with the fields its assertions read.
 */
import { newId } from "../../../src/lib/ids.ts";
import { PLATFORM_ORGANISATION } from "../../../src/seed/reference.ts";
import type { TestApp } from "../helpers.ts";
import { createEvent, createVenue, US } from "../world.ts";

type VenueOverrides = Parameters<typeof createVenue>[1];
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();

/** Monterrey's arena: world.ts's venue, named as the receipts and lines read it ("Arena"). */
export const createArena = (app: TestApp, overrides: VenueOverrides = {}) =>
  createVenue(app, {
    name: "Arena Monterrey",
    short_name: "Arena",
    address: "Av. Francisco I. Madero 2500, Centro, 64000 Monterrey, N.L.",
    lat: 25.6808,
    lng: -100.2885,
    ...overrides,
  });

/** A venue in Austin, in dollars: Texas's fees with $1.00 convenience, 900 places, 30 minutes to leave. */
export const createAustinVenue = (app: TestApp, overrides: VenueOverrides = {}) =>
  createVenue(app, {
    ...US,
    name: "Moody Center",
    short_name: "Moody Center",
    address: "2001 Robert Dedman Dr, Austin, TX 78712",
    lat: 30.2812,
    lng: -97.7321,
    convenience_fixed: 100,
    capacity: 900,
    exit_window_minutes: 30,
    ...overrides,
  });

/**
 * The "peninsula" series of the platform's organisation: its first day at the venue in two hours
 * (world.ts's event: $150 suggested, $100 to $500, on sale now), its second a day later.
 */
export async function createPeninsulaFestival(app: TestApp, venueId: string) {
  const series = {
    id: newId(),
    organisation_id: PLATFORM_ORGANISATION.id,
    slug: "peninsula",
    name: "Festival Península",
    description: "Música, comida y cultura. Compra tu estacionamiento antes de llegar.",
  };
  await app.db
    .insertInto("event_series")
    .values({ ...series, created_at: new Date().toISOString() })
    .execute();
  const firstDay = await createEvent(app, venueId, { series_id: series.id, name: "Festival Península · Día 1" });
  const startsAt = Date.parse(firstDay.starts_at) + DAY_MS;
  const secondDay = await createEvent(app, venueId, {
    series_id: series.id,
    name: "Festival Península · Día 2",
    starts_at: iso(startsAt),
    ends_at: iso(startsAt + 4 * HOUR_MS),
    sales_close_at: iso(startsAt + 3 * HOUR_MS),
  });
  return { series, firstDay, secondDay };
}
