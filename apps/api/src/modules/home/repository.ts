import { type ExpressionBuilder, sql } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { HostScope } from "../hosts/service.ts";

/** Every query of the home (docs/decisions/0170): what a host offers, read in a few queries. */

type LocationKind = "lot" | "meter" | "venue" | "valet";

/** What a host may show of a location: active, in its country, of its organisation or its named locations. */
const offeredBy =
  (filter: HostScope) =>
  ({ and, eb }: ExpressionBuilder<Database, "locations">) =>
    and([
      eb("locations.active", "=", 1),
      eb("locations.country", "=", filter.country),
      ...(filter.organisationId !== null ? [eb("locations.organisation_id", "=", filter.organisationId)] : []),
      ...(filter.locationIds !== null ? [eb("locations.id", "in", filter.locationIds)] : []),
    ]);

/** The active locations of these kinds the host may show, with the zone's sign code and rate when a meter. */
export function listOfferedLocations(
  db: Executor,
  filter: HostScope,
  kinds: readonly LocationKind[],
  /** Only these locations (the driver's places); all when absent. */
  only?: readonly string[],
) {
  if (kinds.length === 0 || filter.locationIds?.length === 0 || only?.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("locations")
    .leftJoin("parking_meters", "parking_meters.location_id", "locations.id")
    .selectAll("locations")
    .select(["parking_meters.zone_code", "parking_meters.rate_per_hour"])
    .where(offeredBy(filter))
    .where("locations.kind", "in", kinds)
    .$if(only !== undefined, (query) => query.where("locations.id", "in", only as string[]))
    .orderBy("locations.id")
    .execute();
}

export type OfferedLocation = Awaited<ReturnType<typeof listOfferedLocations>>[number];

/**
 * The host's `limit` active meter zones nearest a point, nearest first. A city may have thousands
 * of zones (the growth run's has 10,000): they are ordered in the database by the squared
 * equirectangular distance (degrees of longitude shrunk by the cosine of the latitude, exact
 * enough to rank zones in a city) and only the nearest few are read, where reading them all to
 * sort in JavaScript took a second.
 */
export function listNearestMeterZones(
  db: Executor,
  filter: HostScope,
  origin: { lat: number; lng: number },
  limit: number,
) {
  if (filter.locationIds?.length === 0) return Promise.resolve([]);
  const shrink = Math.cos((origin.lat * Math.PI) / 180);
  return db
    .selectFrom("locations")
    .innerJoin("parking_meters", "parking_meters.location_id", "locations.id")
    .selectAll("locations")
    .select(["parking_meters.zone_code", "parking_meters.rate_per_hour"])
    .where(offeredBy(filter))
    .where("locations.kind", "=", "meter")
    .orderBy(
      sql`(locations.lat - ${origin.lat}) * (locations.lat - ${origin.lat}) + ((locations.lng - ${origin.lng}) * ${shrink}) * ((locations.lng - ${origin.lng}) * ${shrink})`,
    )
    .orderBy("locations.name")
    .limit(limit)
    .execute();
}

/** The stays under way at each of these lots: what their capacity is short of. */
export async function staysUnderWay(db: Executor, locationIds: string[]): Promise<Map<string, number>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("visits")
    .select(["location_id", (eb) => eb.fn.countAll<number | string>().as("stays")])
    .where("location_id", "in", locationIds)
    .where("status", "=", "in_progress")
    .groupBy("location_id")
    .execute();
  return new Map(rows.map((row) => [row.location_id, Number(row.stays)]));
}

/** Scheduled events at these venues that have not ended at `at`, soonest first. */
export function listUpcomingEventsAt(db: Executor, venueIds: string[], at: string, limit: number) {
  if (venueIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("events")
    .selectAll()
    .where("location_id", "in", venueIds)
    .where("status", "=", "scheduled")
    .where("ends_at", ">", at)
    .orderBy("starts_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}
