import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceMeters, FAR_FROM_ZONE_M, farFromZone } from "./preflight.ts";

const place = fc.record({
  lat: fc.double({ min: -80, max: 80, noNaN: true }),
  lng: fc.double({ min: -179, max: 179, noNaN: true }),
});

describe("the zone-distance pre-flight check", () => {
  it("measures known distances: a block in Monterrey, a degree of latitude", () => {
    // Zone 101 and a driver 0.0015° of longitude west of it: about 150 m at 25.66° N.
    const zone = { lat: 25.6623, lng: -100.32215 };
    expect(distanceMeters(zone, { lat: zone.lat, lng: zone.lng - 0.0015 })).toBeCloseTo(150.5, 0);
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
  });

  it("is a distance: zero to itself, symmetric, never negative, within the triangle", () => {
    fc.assert(
      fc.property(place, place, place, (a, b, c) => {
        expect(distanceMeters(a, a)).toBe(0);
        expect(distanceMeters(a, b)).toBeCloseTo(distanceMeters(b, a), 6);
        expect(distanceMeters(a, b)).toBeGreaterThanOrEqual(0);
        expect(distanceMeters(a, c)).toBeLessThanOrEqual(distanceMeters(a, b) + distanceMeters(b, c) + 1e-6);
      }),
    );
  });

  it("asks only with a position and only past 300 m", () => {
    fc.assert(
      fc.property(place, fc.double({ min: 0, max: 5_000, noNaN: true }), (zone, metres) => {
        // Due north by `metres`.
        const phone = { lat: zone.lat + (metres / 111_195) * 1, lng: zone.lng };
        const far = farFromZone(phone, zone);
        if (metres > FAR_FROM_ZONE_M + 1) expect(far).toBe(true);
        if (metres < FAR_FROM_ZONE_M - 1) expect(far).toBe(false);
        expect(farFromZone(null, zone)).toBe(false);
      }),
    );
  });
});
