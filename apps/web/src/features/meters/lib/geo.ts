/** Plain geometry for the zone map and list: no map library needed, so the list works without one. */

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface LngLat {
  lng: number;
  lat: number;
}

const TILE_SIZE = 512;

/**
 * The box a map of `width` × `height` pixels shows around `center` at `zoom` (Web Mercator, as
 * MapLibre draws it), so the list can ask for the zones in view before the map has loaded — or
 * when it cannot load at all.
 */
export function boxAround(center: LngLat, zoom: number, width: number, height: number): Box {
  const worldSize = TILE_SIZE * 2 ** zoom;
  const x = ((center.lng + 180) / 360) * worldSize;
  const sinLat = Math.sin((center.lat * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + sinLat) / (1 - sinLat)) / (4 * Math.PI)) * worldSize;
  const lngAt = (px: number) => (px / worldSize) * 360 - 180;
  const latAt = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / worldSize))) * 180) / Math.PI;
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return {
    west: clamp(lngAt(x - width / 2), 180),
    east: clamp(lngAt(x + width / 2), 180),
    north: clamp(latAt(y - height / 2), 85),
    south: clamp(latAt(y + height / 2), 85),
  };
}

/** Rounded to about a metre, so small drags reuse the cached answer and query keys stay short. */
export const roundBox = (box: Box): Box => ({
  west: Math.round(box.west * 1e5) / 1e5,
  south: Math.round(box.south * 1e5) / 1e5,
  east: Math.round(box.east * 1e5) / 1e5,
  north: Math.round(box.north * 1e5) / 1e5,
});

/** Whether a point is inside a ring of [lng, lat] positions (ray casting). */
export function insideRing(point: LngLat, ring: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] as readonly [number, number];
    const [xj, yj] = ring[j] as readonly [number, number];
    if (yi > point.lat !== yj > point.lat && point.lng < ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi)
      inside = !inside;
  }
  return inside;
}

/** Metres along the ground between two nearby points (equirectangular: exact enough within a city). */
export function metresBetween(a: LngLat, b: LngLat): number {
  const metresPerDegree = 111_320;
  const dx = (a.lng - b.lng) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180) * metresPerDegree;
  const dy = (a.lat - b.lat) * metresPerDegree;
  return Math.hypot(dx, dy);
}

/**
 * Zones nearest `center` first, to the whole metre, then by the number on their sign. Zones as
 * far as each other keep one order: the centre the map reports differs from the one it was given
 * in the last digits, and ordering by raw distance swapped equidistant rows under the driver's finger.
 */
export function byNearness<T extends { coordinates: LngLat; zone_code: string }>(
  zones: readonly T[],
  center: LngLat,
): T[] {
  const metres = new Map(zones.map((zone) => [zone, Math.round(metresBetween(zone.coordinates, center))]));
  return [...zones].sort(
    (a, b) =>
      (metres.get(a) ?? 0) - (metres.get(b) ?? 0) || a.zone_code.localeCompare(b.zone_code, "en", { numeric: true }),
  );
}

/** Where "centre on my location" zooms: close enough that one zone fills the pin. */
export const LOCATE_ZOOM = 17;

/** What the map reports after each move. */
export interface MapView {
  center: LngLat;
  zoom: number;
  box: Box;
  /** The zone under the pin (nearest to it when several are), or null. */
  pinned: string | null;
}
