import { randomUUID } from "node:crypto";
import { feeBreakdown } from "@estaciona/contracts";
import { meterPurchaseSubtotal } from "@estaciona/contracts/meters";
import { MAX_ZONES_IN_VIEW, type MeterZoneList, type MeterZoneSummary } from "@estaciona/contracts/schemas/meters";
import { sql } from "kysely";
import type { Executor } from "../../src/db/database.ts";
import type { BoundingBox } from "../../src/modules/meters/map-repository.ts";

const PLATFORM_ORGANISATION_ID = "4f6c1d2e-0000-4000-8000-000000000001";
/** Charged around the clock, every day of the week. */
export const ALWAYS_HOURS = Array.from({ length: 7 }, () => ({ open: 0, close: 24 * 60 }));
const ALWAYS = JSON.stringify(ALWAYS_HOURS);
const BATCH = 500;

/** The Monterrey zones' fees: $5.00 convenience, 2.9 % card processing, 16 % IVA. */
export const MX_RATES = { taxRateBp: 1600, convenienceRateBp: 0, convenienceFixed: 500, cardRateBp: 290, cardFixed: 0 };
export const MX_RULES = { ratePerHour: 1200, minMinutes: 15, maxMinutes: 120, timeZone: "America/Monterrey" };

/** The all-in price of adding `minutes` to a session in world.ts's default zone (always charged: every minute counts). */
export const priceOf = (startedAt: number, paidUntil: number, minutes: number) =>
  feeBreakdown(meterPurchaseSubtotal({ ...MX_RULES, hours: ALWAYS_HOURS }, startedAt, paidUntil, minutes), MX_RATES)
    .total;

/**
 * A city of meter zones for the bounding-box query: `count` zones on a square grid starting at
 * `origin`, `spacing` degrees apart (0.001° ≈ 100 m), codes `G0`, `G1`, … row by row, charged
 * around the clock. Used by the API tests and `npm run bench`.
 */
export async function insertZoneGrid(
  db: Executor,
  { count, origin, spacing = 0.001 }: { count: number; origin: { lat: number; lng: number }; spacing?: number },
): Promise<void> {
  const side = Math.ceil(Math.sqrt(count));
  const at = new Date().toISOString();
  // Rounded to a micro-degree, as real coordinates are stored (no long float tails).
  const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
  const rows = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    code: `G${index}`,
    lat: round6(origin.lat + Math.floor(index / side) * spacing),
    lng: round6(origin.lng + (index % side) * spacing),
  }));
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await db
      .insertInto("locations")
      .values(
        batch.map((row) => ({
          id: row.id,
          organisation_id: PLATFORM_ORGANISATION_ID,
          name: `Zona ${row.code}`,
          address: "Grid",
          lat: row.lat,
          lng: row.lng,
          time_zone: "UTC",
          country: "mx" as const,
          currency: "mxn" as const,
          kind: "meter" as const,
          is_freeflow: 0 as const,
          grace_minutes: 0,
          first_period_minutes: 60,
          first_period_price: 0,
          increment_minutes: 0,
          increment_price: 0,
          daily_max: null,
          tax_rate_bp: 1600,
          convenience_rate_bp: 0,
          convenience_fixed: 0,
          card_rate_bp: 0,
          card_fixed: 0,
          capacity: null,
          exit_window_minutes: 15,
          invoice_window_days: 30,
          email_domain: null,
          active: 1 as const,
          created_at: at,
        })),
      )
      .execute();
    await db
      .insertInto("parking_meters")
      .values(
        batch.map((row) => ({
          location_id: row.id,
          zone_code: row.code,
          device_id: `grid-${row.code}`,
          area: JSON.stringify(
            [
              [-0.0002, -0.0001],
              [0.0002, -0.0001],
              [0.0002, 0.0001],
              [-0.0002, -0.0001],
            ].map(([dx = 0, dy = 0]) => [round6(row.lng + dx), round6(row.lat + dy)]),
          ),
          rate_per_hour: 1000,
          min_minutes: 15,
          max_minutes: 120,
          hours: ALWAYS,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
}

interface OldZoneRow {
  id: string;
  zone_code: string;
  name: string;
  address: string;
  lat: number;
  lng: number;
  area: string;
  rate_per_hour: number;
  currency: MeterZoneSummary["currency"];
}

/** What the map showed of an old query's row (its presenter before docs/decisions/0300). */
export const summaryOfOldRow = (row: OldZoneRow): MeterZoneSummary => ({
  uuid: row.id,
  zone_code: row.zone_code,
  name: row.name,
  address: row.address,
  coordinates: { lat: row.lat, lng: row.lng },
  area: JSON.parse(row.area) as MeterZoneSummary["area"],
  rate_per_hour: row.rate_per_hour,
  currency: row.currency,
});

/** The map's whole answer as the route wrote it from the old query's rows (`limit` one over the cap). */
export const answerOfOldRows = (rows: OldZoneRow[]): MeterZoneList => ({
  items: rows.slice(0, MAX_ZONES_IN_VIEW).map(summaryOfOldRow),
  truncated: rows.length > MAX_ZONES_IN_VIEW,
});

/**
 * The map's query as it was before the spatial index (migration 2026112810): the (kind, lat, lng)
 * btree and every column of the zone. Kept so the test and `npm run bench:map` compare the new one
 * with it on the same database.
 */
export async function listZonesInBoxBeforeIndex(db: Executor, box: BoundingBox, limit: number) {
  const lat = (box.south + box.north) / 2;
  const lng = (box.west + box.east) / 2;
  const { rows } = await sql<OldZoneRow>`
    select locations.*, parking_meters.zone_code, parking_meters.device_id, parking_meters.area,
      parking_meters.rate_per_hour, parking_meters.min_minutes, parking_meters.max_minutes, parking_meters.hours
    from parking_meters inner join locations on locations.id = parking_meters.location_id
    where locations.kind = 'meter' and locations.active = 1
      and locations.lat >= ${box.south} and locations.lat <= ${box.north}
      and locations.lng >= ${box.west} and locations.lng <= ${box.east}
    order by (locations.lat - ${lat}) * (locations.lat - ${lat}) + (locations.lng - ${lng}) * (locations.lng - ${lng}), locations.id
    limit ${limit}`.execute(db);
  return rows;
}

/** `count` views of a phone's shape (height 1.6 × width) of 0.5 to 2 km across, inside the grid's `side` degrees, from a seed. */
export function randomViews(
  count: number,
  { origin, side, seed }: { origin: { lat: number; lng: number }; side: number; seed: number },
): BoundingBox[] {
  let state = seed >>> 0;
  // mulberry32: the same views on every run and engine.
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => {
    const width = 0.005 + next() * 0.015;
    const height = width * 1.6;
    const lat = origin.lat + next() * side;
    const lng = origin.lng + next() * side;
    return { west: lng - width / 2, east: lng + width / 2, south: lat - height / 2, north: lat + height / 2 };
  });
}
