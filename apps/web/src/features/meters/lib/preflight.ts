import type { LngLat } from "./geo.ts";

/**
 * Pre-flight checks before paying a meter (issue 26 item 6, decision 0221): a zone farther than this
 * from the phone's position asks "are you at zone 107?" first. A block or two of GPS error and a
 * driver who walked from the car stay under it; a zone number typed from another street does not.
 */
export const FAR_FROM_ZONE_M = 300;

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: LngLat, b: LngLat): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether to ask before paying: only with a position, and only past FAR_FROM_ZONE_M. */
export const farFromZone = (phone: LngLat | null, zone: LngLat): boolean =>
  phone !== null && distanceMeters(phone, zone) > FAR_FROM_ZONE_M;

/**
 * The phone's position when the driver has already allowed it, else null: paying never prompts for
 * the location, and a slow or failing fix never holds the payment up for more than a few seconds.
 */
export async function positionIfGranted(timeoutMs = 4_000): Promise<LngLat | null> {
  if (!("geolocation" in navigator) || !navigator.permissions?.query) return null;
  try {
    const permission = await navigator.permissions.query({ name: "geolocation" });
    if (permission.state !== "granted") return null;
  } catch {
    return null;
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      () => resolve(null),
      { timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
