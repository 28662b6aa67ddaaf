import { stayQuote } from "@estaciona/contracts";
import { HOME_LIST_LIMIT, type HomeSection, homeSections } from "@estaciona/contracts/home";
import type { Event } from "@estaciona/contracts/schemas/events";
import type { HomeOffers } from "@estaciona/contracts/schemas/home";
import type { Executor } from "../../db/database.ts";
import { presentEvents } from "../events/presenter.ts";
import { type HostRow, hostScope } from "../hosts/service.ts";
import { feeRatesOf, tariffOf } from "../parking/locations/service.ts";
import { presentPlans } from "../subscriptions/presenter.ts";
import { listActivePlans } from "../subscriptions/repository/plans.ts";
import {
  listNearestMeterZones,
  listOfferedLocations,
  listUpcomingEventsAt,
  type OfferedLocation,
  staysUnderWay,
} from "./repository.ts";

const HOUR_MS = 3_600_000;
const EARTH_RADIUS_M = 6_371_000;
/** The events list screen: every upcoming event, as a venue's landing lists them. */
const EVENTS_LIST_LIMIT = 50;

interface Point {
  lat: number;
  lng: number;
}

/** Great-circle distance in metres (haversine): enough to order places in a city. */
export function distanceM(a: Point, b: Point): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

const featuresOf = (host: HostRow): string[] => JSON.parse(host.features) as string[];

/**
 * `GET open/home`: the host's products for the home, each list nearest the driver's position (sent
 * only after they tapped "near me") or the host's map centre, cut to a few. Sections the host does
 * not offer come back empty and are not read.
 */
export async function getHomeOffers(
  db: Executor,
  host: HostRow,
  query: { lat?: number; lng?: number },
): Promise<HomeOffers> {
  const features = featuresOf(host);
  const sections = homeSections(features);
  const shows = (section: HomeSection) => sections.includes(section);
  const origin: Point =
    query.lat !== undefined && query.lng !== undefined
      ? { lat: query.lat, lng: query.lng }
      : { lat: host.map_lat, lng: host.map_lng };
  const now = Date.now();
  // A product lives at a location of a kind the host offers: a venue's pass belongs to a host that sells events.
  // Meter zones, which a city counts in thousands, are read nearest first and cut in the database.
  const kinds = (
    [
      ["lot", "visits"],
      ["venue", "events"],
      ["valet", "valet"],
    ] as const
  ).flatMap(([kind, feature]) => (features.includes(feature) ? [kind] : []));
  const scope = hostScope(host);
  const [offered, nearestZones] = await Promise.all([
    listOfferedLocations(db, scope, kinds),
    shows("meters") ? listNearestMeterZones(db, scope, origin, HOME_LIST_LIMIT) : [],
  ]);
  const byDistance = (places: OfferedLocation[]) =>
    places
      .map((location) => ({ location, distance: distanceM(origin, location) }))
      .sort((a, b) => a.distance - b.distance || a.location.name.localeCompare(b.location.name));
  const locations = byDistance(offered);
  const ofKind = (kind: OfferedLocation["kind"]) => locations.filter((entry) => entry.location.kind === kind);

  const sellsPasses = shows("passes") || shows("student_pass");
  const students = features.includes("student_id");
  const plans = sellsPasses
    ? (await listActivePlans(db, { locationIds: locations.map((entry) => entry.location.id) })).filter(
        // A student pass is the university host's product: other hosts do not offer it.
        (plan) => students || plan.requires_student_id === 0,
      )
    : [];
  const campus = new Set(plans.filter((plan) => plan.requires_student_id === 1).map((plan) => plan.location_id));
  const rank = (locationId: string) => locations.findIndex((entry) => entry.location.id === locationId);
  // Student passes first on a university host, then the nearest location's.
  plans.sort((a, b) => b.requires_student_id - a.requires_student_id || rank(a.location_id) - rank(b.location_id));

  // On a university host its campus lots lead the lots.
  const lotEntries = shows("lots")
    ? ofKind("lot")
        .sort((a, b) => Number(campus.has(b.location.id)) - Number(campus.has(a.location.id)))
        .slice(0, HOME_LIST_LIMIT)
    : [];
  const stays = await staysUnderWay(
    db,
    lotEntries.map((entry) => entry.location.id),
  );
  const nearby = ({ location, distance }: { location: OfferedLocation; distance: number }) => ({
    uuid: location.id,
    name: location.name,
    address: location.address,
    distance_m: distance,
    currency: location.currency,
  });

  const venues = ofKind("venue").map((entry) => entry.location.id);
  const events = shows("events")
    ? await presentEvents(db, await listUpcomingEventsAt(db, venues, new Date(now).toISOString(), HOME_LIST_LIMIT), now)
    : [];

  return {
    near: query.lat !== undefined ? "position" : "host",
    sections,
    lots: lotEntries.map((entry) => ({
      ...nearby(entry),
      next_hour_total: stayQuote(tariffOf(entry.location), feeRatesOf(entry.location), now, now + HOUR_MS).total,
      places_left:
        entry.location.capacity === null
          ? null
          : Math.max(0, entry.location.capacity - (stays.get(entry.location.id) ?? 0)),
      freeflow: entry.location.is_freeflow === 1,
    })),
    meter_zones: byDistance(nearestZones).map((entry) => ({
      ...nearby(entry),
      zone_code: entry.location.zone_code as string,
      rate_per_hour: entry.location.rate_per_hour ?? 0,
    })),
    events,
    passes: await presentPlans(db, plans.slice(0, HOME_LIST_LIMIT)),
    valet: shows("valet") ? ofKind("valet").slice(0, HOME_LIST_LIMIT).map(nearby) : [],
  };
}

/** `GET open/events`: every upcoming event at the host's venues, soonest first; none where the host sells no events. */
export async function listHostEvents(db: Executor, host: HostRow): Promise<Event[]> {
  if (!featuresOf(host).includes("events")) return [];
  const venues = await listOfferedLocations(db, hostScope(host), ["venue"]);
  const now = Date.now();
  return presentEvents(
    db,
    await listUpcomingEventsAt(
      db,
      venues.map((venue) => venue.id),
      new Date(now).toISOString(),
      EVENTS_LIST_LIMIT,
    ),
    now,
  );
}
