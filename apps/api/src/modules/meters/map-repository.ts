import { MAX_ZONES_IN_VIEW } from "@estaciona/contracts/schemas/meters";
import { PostgresAdapter, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { Executor } from "../../db/database.ts";

/** The meters map's one query (docs/decisions/0177, 0300, 0336): the zones of a view, as the route sends them. */

export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A page of the map: the zones' summaries as JSON texts joined by commas, and whether the box held more. */
export interface ZonePage {
  items: string;
  truncated: boolean;
}

/**
 * The active zones whose point is inside the box, nearest its centre first, at most
 * `MAX_ZONES_IN_VIEW` of them,
 * as the map's summaries in JSON text. `meter_map` holds each active zone's exact point and its
 * summary (docs/decisions/0300), so a view reads that table alone; the spatial index narrows the
 * rows (SQLite's R*Tree, PostgreSQL's GiST on the point) and the exact box filter stays, because
 * the R*Tree rounds its floats outwards (docs/decisions/0177). The texts are never parsed: the
 * route sends them as they are (docs/decisions/0336). PostgreSQL joins them itself into one row,
 * because a row costs its client more than its server; SQLite's rows cost little, and numbering
 * them in SQL to leave out the one over the cap cost more than it saved.
 */
export async function zonePageInBox(
  db: Executor,
  box: BoundingBox,
  locationIds: string[] | null = null,
): Promise<ZonePage> {
  // Only the zones of the requesting host's lots when it is limited to some (docs/decisions/0165).
  if (locationIds?.length === 0) return { items: "", truncated: false };
  const centre = { lat: (box.south + box.north) / 2, lng: (box.west + box.east) / 2 };
  const view = [box.south, box.north, box.west, box.east, centre.lat, centre.lng] as const;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const page =
      locationIds === null
        ? await pageEverywhereOnPostgres.first(db, ...view)
        : await pageOnPostgres(db, box, centre, locationIds).executeTakeFirstOrThrow();
    return { items: page?.items ?? "", truncated: page?.truncated ?? false };
  }
  const rows =
    locationIds === null
      ? await nearestEverywhere.all(db, ...view)
      : await nearestInBox(db, box, centre, locationIds).execute();
  return {
    items: rows
      .slice(0, MAX_ZONES_IN_VIEW)
      .map((row) => row.summary)
      .join(","),
    truncated: rows.length > MAX_ZONES_IN_VIEW,
  };
}

type Centre = { lat: number; lng: number };

/** The zones in the box nearest the centre first, one over the cap to tell whether the box held more. */
function nearestInBox(db: Executor, box: BoundingBox, centre: Centre, locationIds: string[] | null) {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const distance = sql<number>`(lat - ${centre.lat}) * (lat - ${centre.lat}) + (lng - ${centre.lng}) * (lng - ${centre.lng})`;
  return (
    db
      .selectFrom("meter_map")
      .select("summary")
      // PostgreSQL numbers the rows by these; SQLite's rows carry the summary alone.
      .$if(onPostgres, (query) => query.select(["location_id", distance.as("distance")]))
      .where(onPostgres ? inGist(box) : inRtree(box))
      .where("lat", ">=", box.south)
      .where("lat", "<=", box.north)
      .where("lng", ">=", box.west)
      .where("lng", "<=", box.east)
      .$if(locationIds !== null, (query) => query.where("location_id", "in", locationIds ?? []))
      .orderBy(distance)
      .orderBy("location_id")
      .limit(MAX_ZONES_IN_VIEW + 1)
  );
}

/** PostgreSQL's page: the summaries joined in nearest order, up to the cap, in one row. */
function pageOnPostgres(db: Executor, box: BoundingBox, centre: Centre, locationIds: string[] | null) {
  const placed = db
    .selectFrom(nearestInBox(db, box, centre, locationIds).as("nearest"))
    .select(["summary", sql<number>`row_number() over (order by distance, location_id)`.as("place")]);
  return db
    .selectFrom(placed.as("placed"))
    .select([
      sql<string | null>`string_agg(summary, ',' order by place) filter (where place <= ${MAX_ZONES_IN_VIEW})`.as(
        "items",
      ),
      sql<boolean>`count(*) > ${MAX_ZONES_IN_VIEW}`.as("truncated"),
    ]);
}

// A map pans many times a minute and a host without a list of lots asks the same statement each
// time: built and compiled once per database, then sent with the view's numbers (db/compiled-once.ts).
const pageEverywhereOnPostgres = compiledOnce(
  (db, south: number, north: number, west: number, east: number, lat: number, lng: number) =>
    pageOnPostgres(db, { south, north, west, east }, { lat, lng }, null),
);
const nearestEverywhere = compiledOnce(
  (db, south: number, north: number, west: number, east: number, lat: number, lng: number) =>
    nearestInBox(db, { south, north, west, east }, { lat, lng }, null),
);

/** The box on SQLite's R*Tree columns. */
const inRtree = (box: BoundingBox) =>
  sql<boolean>`min_lat <= ${box.north} and max_lat >= ${box.south} and min_lng <= ${box.east} and max_lng >= ${box.west}`;

/** The box on PostgreSQL's GiST index, its bounds as `real`, the columns' type, so the exact filter agrees at the edges. */
const inGist = (box: BoundingBox) =>
  sql<boolean>`point(lng, lat) <@ box(point(${box.west}::real, ${box.south}::real), point(${box.east}::real, ${box.north}::real))`;
