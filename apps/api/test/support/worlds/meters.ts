/**
 * Meter zones a test builds for itself (docs/decisions/0298): a city's worth for the map's
 * queries, each zone a world.ts meter zone with its code, its point and its country's rules.
 */
import type { TestApp } from "../helpers.ts";
import { createMeterZone, US } from "../world.ts";

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Forty Monterrey zones, codes 201–240, on a grid 0.0035° apart around the centre (25.6693, -100.3099). */
export async function createMonterreyZones(app: TestApp) {
  const zones = [];
  for (let index = 0; index < 40; index += 1) {
    const lat = round6(25.6693 + (Math.floor(index / 8) - 2) * 0.0035);
    const lng = round6(-100.3099 + ((index % 8) - 3.5) * 0.0035);
    zones.push(await createMeterZone(app, { location: { lat, lng }, meter: { zone_code: String(201 + index) } }));
  }
  return zones;
}

/** Six downtown Austin zones, codes 7001–7006, in dollars: $2 an hour, 15 to 180 minutes. */
export async function createAustinZones(app: TestApp) {
  const zones = [];
  for (let index = 0; index < 6; index += 1) {
    const code = String(7001 + index);
    const lat = round6(30.2672 + (index % 3) * 0.0025 - 0.0025);
    const lng = round6(-97.7431 + Math.floor(index / 3) * 0.004 - 0.002);
    zones.push(
      await createMeterZone(app, {
        location: {
          ...US,
          name: `Meter ${code} · Congress Ave`,
          short_name: `Zone ${code}`,
          address: "Congress Ave, Austin, TX 78701",
          lat,
          lng,
          first_period_price: 200,
          increment_price: 200,
        },
        meter: { zone_code: code, rate_per_hour: 200, max_minutes: 180 },
      }),
    );
  }
  return zones;
}
