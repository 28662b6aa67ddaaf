import type { MeterZoneSummary } from "@estaciona/contracts/schemas/meters";
import type { FeatureCollection, Point, Polygon } from "geojson";
import { type LngLatLike, type MapGeoJSONFeature, type Map as MapLibreMap, Marker } from "maplibre-gl";
import type { MapView } from "./geo.ts";

/*
 * The zones drawn over the map's base style: their areas from AREAS_MIN_ZOOM, their points clustered
 * (docs/product/constants.md) with HTML cluster counts, and what lies under the fixed centre pin.
 * Only the lazily loaded map imports this module, so MapLibre stays in the map's chunk.
 */

/** Zones within this many pixels of the pin count as under it (a finger's width). */
const PIN_TOLERANCE_PX = 20;
const CLUSTER_RADIUS_PX = 50;
const CLUSTER_MAX_ZOOM = 15;
/** Below this a block-long area is a few pixels: the clustered points speak for the zones. */
const AREAS_MIN_ZOOM = 14;
export const pointsOf = (zones: MeterZoneSummary[]): FeatureCollection<Point> => ({
  type: "FeatureCollection",
  features: zones.map((zone) => ({
    type: "Feature",
    properties: { uuid: zone.uuid },
    geometry: { type: "Point", coordinates: [zone.coordinates.lng, zone.coordinates.lat] },
  })),
});

export const areasOf = (zones: MeterZoneSummary[]): FeatureCollection<Polygon> => ({
  type: "FeatureCollection",
  features: zones.map((zone) => ({
    type: "Feature",
    properties: { uuid: zone.uuid },
    geometry: { type: "Polygon", coordinates: [zone.area.map(([lng, lat]) => [lng, lat])] },
  })),
});

export function addZoneLayers(map: MapLibreMap, color: string) {
  // MapLibre paints on a canvas and cannot read CSS: the rings take the theme's surface token as it resolved.
  const ring = getComputedStyle(map.getContainer()).getPropertyValue("--surface").trim();
  map.addSource("zone-areas", { type: "geojson", data: areasOf([]) });
  map.addSource("zones", {
    type: "geojson",
    data: pointsOf([]),
    cluster: true,
    clusterRadius: CLUSTER_RADIUS_PX,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
  });
  map.addLayer({
    id: "zone-areas-fill",
    type: "fill",
    source: "zone-areas",
    minzoom: AREAS_MIN_ZOOM,
    paint: { "fill-color": color, "fill-opacity": 0.25 },
  });
  map.addLayer({
    id: "zone-areas-line",
    type: "line",
    source: "zone-areas",
    minzoom: AREAS_MIN_ZOOM,
    paint: { "line-color": color, "line-width": 2 },
  });
  map.addLayer({
    id: "zone-clusters",
    type: "circle",
    source: "zones",
    filter: ["has", "point_count"],
    paint: {
      "circle-color": color,
      "circle-opacity": 0.85,
      "circle-radius": ["step", ["get", "point_count"], 16, 10, 22, 30, 28],
      "circle-stroke-color": ring,
      "circle-stroke-width": 2,
    },
  });
  map.addLayer({
    id: "zone-points",
    type: "circle",
    source: "zones",
    filter: ["!", ["has", "point_count"]],
    paint: { "circle-color": color, "circle-radius": 7, "circle-stroke-color": ring, "circle-stroke-width": 2 },
  });
}

/** The zone nearest the map's centre among those drawn within the tolerance of the pin. */
function zoneUnderPin(map: MapLibreMap): string | null {
  const { x, y } = map.project(map.getCenter());
  const features = map.queryRenderedFeatures(
    [
      [x - PIN_TOLERANCE_PX, y - PIN_TOLERANCE_PX],
      [x + PIN_TOLERANCE_PX, y + PIN_TOLERANCE_PX],
    ],
    { layers: ["zone-areas-fill", "zone-points"] },
  );
  const inArea = features.find((feature) => feature.layer.id === "zone-areas-fill");
  const uuid = (inArea ?? features[0])?.properties.uuid;
  return typeof uuid === "string" ? uuid : null;
}

export function viewOf(map: MapLibreMap): MapView {
  const bounds = map.getBounds();
  const center = map.getCenter();
  return {
    center: { lng: center.lng, lat: center.lat },
    zoom: map.getZoom(),
    box: { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() },
    pinned: zoneUnderPin(map),
  };
}

/** Cluster counts as HTML markers (no glyphs needed), kept in step with the clusters drawn. */
export function clusterLabels(map: MapLibreMap) {
  const markers = new Map<number, Marker>();
  return () => {
    const shown = new Set<number>();
    for (const feature of map.querySourceFeatures("zones") as MapGeoJSONFeature[]) {
      const id = feature.properties.cluster_id;
      if (typeof id !== "number" || shown.has(id) || feature.geometry.type !== "Point") continue;
      shown.add(id);
      if (!markers.has(id)) {
        const element = document.createElement("span");
        element.className = "meter-cluster-count";
        element.textContent = String(feature.properties.point_count);
        element.setAttribute("aria-hidden", "true");
        markers.set(id, new Marker({ element }).setLngLat(feature.geometry.coordinates as LngLatLike).addTo(map));
      }
    }
    for (const [id, marker] of markers)
      if (!shown.has(id)) {
        marker.remove();
        markers.delete(id);
      }
  };
}
