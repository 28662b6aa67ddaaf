/** Demo data (only with SEED_DEMO): on-street meter zones in Monterrey and Austin. */
import type { NewRow } from "../../db/schema.ts";
import { PLATFORM_ORGANISATION, type Seed } from "../reference.ts";
import { mxLot } from "./locations.ts";

/** A demo parking-meter zone: its meter location and the zone's rules (docs/product/parking.md). */
export interface DemoMeterZone {
  location: Seed<NewRow<"locations">>;
  meter: Seed<NewRow<"parking_meters">>;
}

const MINUTES = { h8: 8 * 60, h20: 20 * 60, h18: 18 * 60, h24: 24 * 60 } as const;
/** Monday to Saturday, 08:00 to a closing hour; Sunday free (index 0 is Sunday). */
const weekdaysUntil = (close: number) =>
  JSON.stringify([null, ...Array.from({ length: 6 }, () => ({ open: MINUTES.h8, close }))]);
/** Charged around the clock every day (the hospital and transit zones). */
const ALWAYS = JSON.stringify(Array.from({ length: 7 }, () => ({ open: 0, close: MINUTES.h24 })));

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** A block face of about 80 × 40 m around the point, as the GeoJSON ring of the zone's area. */
const blockArea = (lat: number, lng: number) => {
  const dLat = 0.0002;
  const dLng = 0.0004;
  const corner = (dx: number, dy: number) => [round6(lng + dx), round6(lat + dy)];
  return JSON.stringify([
    corner(-dLng, -dLat),
    corner(dLng, -dLat),
    corner(dLng, dLat),
    corner(-dLng, dLat),
    corner(-dLng, -dLat),
  ]);
};

const MONTERREY_STREETS = [
  "Calle Morelos",
  "Av. Juárez",
  "Calle Padre Mier",
  "Av. Pino Suárez",
  "Calle Zaragoza",
  "Av. Cuauhtémoc",
  "Calle Hidalgo",
  "Calle Ocampo",
] as const;

/**
 * Forty zones on a grid over Monterrey's centre (codes 101–140, enough for the map to cluster
 * them), four of them charged around the clock, and the existing meter location as zone 100.
 */
function monterreyZones(): DemoMeterZone[] {
  const centre = { lat: 25.6693, lng: -100.3099 };
  const zones: DemoMeterZone[] = [];
  for (let index = 0; index < 40; index += 1) {
    const row = Math.floor(index / 8);
    const column = index % 8;
    const lat = round6(centre.lat + (row - 2) * 0.0035);
    const lng = round6(centre.lng + (column - 3.5) * 0.0035);
    const code = String(101 + index);
    const street = MONTERREY_STREETS[column] ?? "Calle Morelos";
    const always = index % 10 === 0;
    zones.push({
      location: {
        ...mxLot,
        id: `7d1e5a10-0000-4000-8000-000000000${300 + index + 1}`,
        name: `Parquímetro ${code} · ${street}`,
        short_name: `Zona ${code}`,
        address: `${street} ${100 * (row + 1) + 1}–${100 * (row + 1) + 99}, Centro, 64000 Monterrey, N.L.`,
        lat,
        lng,
        kind: "meter",
        is_freeflow: 0,
        grace_minutes: 0,
        first_period_minutes: 60,
        first_period_price: 1200,
        increment_minutes: 60,
        increment_price: 1200,
        daily_max: null,
        capacity: null,
      },
      meter: {
        location_id: `7d1e5a10-0000-4000-8000-000000000${300 + index + 1}`,
        zone_code: code,
        device_id: `MTY-PQ-${code}`,
        area: blockArea(lat, lng),
        rate_per_hour: 1200,
        min_minutes: 15,
        max_minutes: 120,
        hours: always ? ALWAYS : weekdaysUntil(MINUTES.h20),
      },
    });
  }
  return zones;
}

const usMeter = {
  organisation_id: PLATFORM_ORGANISATION.id,
  time_zone: "America/Chicago",
  country: "us",
  currency: "usd",
  kind: "meter",
  is_freeflow: 0,
  grace_minutes: 0,
  first_period_minutes: 60,
  first_period_price: 200,
  increment_minutes: 60,
  increment_price: 200,
  daily_max: null,
  tax_rate_bp: 825,
  convenience_rate_bp: 0,
  convenience_fixed: 35,
  card_rate_bp: 290,
  card_fixed: 30,
  capacity: null,
  exit_window_minutes: 15,
  invoice_window_days: 0,
  email_domain: null,
  active: 1,
} as const;

const AUSTIN_STREETS = ["Congress Ave", "E 6th St", "Lavaca St", "Colorado St", "Brazos St", "E 4th St"] as const;

/** Six zones in downtown Austin (codes 7001–7006); 7001 is charged around the clock. */
function austinZones(): DemoMeterZone[] {
  return AUSTIN_STREETS.map((street, index) => {
    const id = `7d1e5a10-0000-4000-8000-000000000${401 + index}`;
    const lat = round6(30.2672 + (index % 3) * 0.0025 - 0.0025);
    const lng = round6(-97.7431 + Math.floor(index / 3) * 0.004 - 0.002);
    const code = String(7001 + index);
    return {
      location: {
        ...usMeter,
        id,
        name: `Meter ${code} · ${street}`,
        short_name: `Zone ${code}`,
        address: `${100 * (index + 2)} ${street}, Austin, TX 78701`,
        lat,
        lng,
      },
      meter: {
        location_id: id,
        zone_code: code,
        device_id: `ATX-PM-${code}`,
        area: blockArea(lat, lng),
        rate_per_hour: 200,
        min_minutes: 15,
        max_minutes: 180,
        hours: index === 0 ? ALWAYS : weekdaysUntil(MINUTES.h18),
      },
    };
  });
}

/** The meter location seeded above as zone 100, and the generated demo zones. */
export const DEMO_METER_ZONES: DemoMeterZone[] = [...monterreyZones(), ...austinZones()];
export const DEMO_CENTRO_METER: Seed<NewRow<"parking_meters">> = {
  location_id: "7d1e5a10-0000-4000-8000-000000000104",
  zone_code: "100",
  device_id: "MTY-PQ-100",
  area: blockArea(25.6693, -100.3099),
  rate_per_hour: 1200,
  min_minutes: 15,
  max_minutes: 120,
  hours: weekdaysUntil(MINUTES.h20),
};
