import type { MeterZoneSummary } from "@estaciona/contracts/schemas/meters";
import {
  type GeoJSONSource,
  type LngLatLike,
  Map as MapLibreMap,
  Marker,
  type StyleSpecification,
  setWorkerUrl,
} from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { type ReactNode, useEffect, useRef } from "react";
import "maplibre-gl/dist/maplibre-gl.css";
import { type LngLat, LOCATE_ZOOM, type MapView } from "../lib/geo.ts";
import { addZoneLayers, areasOf, clusterLabels, pointsOf, viewOf } from "../lib/map-zone-layers.ts";

/*
 * The zone map (docs/product/parking.md): MapLibre GL, in its own chunk (this module is only ever imported
 * lazily). The base style is the street style (MAP_STYLE_URL, decision 0220) or our server's offline one; the zones are drawn on
 * top from the bounding-box answer: their areas, and their points clustered (docs/product/constants.md). Cluster
 * counts are HTML markers, so no glyph server is needed. The worker is one of our own assets.
 */
setWorkerUrl(workerUrl);

/** A street style whose style or first tiles have not loaded by then gives way to the offline one (decision 0220). */
export const STREETS_TIMEOUT_MS = 4_000;

/**
 * The map itself. It says when a move starts and reports the view (centre, box, zone under the pin) after each, draws the
 * zones it is given, and flies to `flyTo` when that changes. A street style (a URL) that errs or has
 * not drawn its first view within STREETS_TIMEOUT_MS calls `onStreetsFailed`: the screen draws the
 * offline style instead. `onFailed` when WebGL or the offline style cannot load: the screen's list
 * stands in for it. `me` is the driver's dot; `bubble` floats above the pin; `notice` lies over the
 * map's top edge, so that a note appearing late moves nothing under a finger (the list below).
 */
export default function MeterMap({
  style,
  center,
  zoom,
  zones,
  flyTo,
  label,
  color,
  me,
  bubble,
  notice,
  onView,
  onMoveStart,
  onFailed,
  onStreetsFailed,
}: {
  style: string | StyleSpecification;
  center: LngLat;
  zoom: number;
  zones: MeterZoneSummary[];
  flyTo: { center: LngLat; zoom: number } | null;
  label: string;
  color: string;
  me: LngLat | null;
  bubble: ReactNode;
  notice: ReactNode;
  onView: (view: MapView) => void;
  onMoveStart: () => void;
  onFailed: () => void;
  onStreetsFailed: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const zonesRef = useRef(zones);
  zonesRef.current = zones;
  const onViewRef = useRef(onView);
  onViewRef.current = onView;
  const onMoveStartRef = useRef(onMoveStart);
  onMoveStartRef.current = onMoveStart;
  const onFailedRef = useRef(onFailed);
  onFailedRef.current = onFailed;
  const onStreetsFailedRef = useRef(onStreetsFailed);
  onStreetsFailedRef.current = onStreetsFailed;
  // The map is built once; later props move it rather than rebuild it.
  const initial = useRef({ style, center, zoom, color });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: element,
        style: initial.current.style,
        center: [initial.current.center.lng, initial.current.center.lat],
        zoom: initial.current.zoom,
        attributionControl: { compact: true },
        dragRotate: false,
        pitchWithRotate: false,
      });
    } catch {
      onFailedRef.current();
      return;
    }
    mapRef.current = map;
    // A street style proves itself by drawing its first view (style, sprites, glyphs, tiles) in time.
    const streets = typeof initial.current.style === "string";
    // Once the street style has given way, this map is on its way out: its later errors say nothing.
    let state: "drawing" | "drawn" | "gave-up" = streets ? "drawing" : "drawn";
    const streetsFailed = () => {
      if (state !== "drawing") return;
      state = "gave-up";
      clearTimeout(timer);
      onStreetsFailedRef.current();
    };
    const timer = setTimeout(streetsFailed, STREETS_TIMEOUT_MS);
    map.once("idle", () => {
      if (state === "drawing") state = "drawn";
      clearTimeout(timer);
    });
    map.touchZoomRotate.disableRotation();
    map.getCanvas().setAttribute("aria-label", label);
    const labels = clusterLabels(map);
    map.on("load", () => {
      addZoneLayers(map, initial.current.color);
      const points = map.getSource<GeoJSONSource>("zones");
      points?.setData(pointsOf(zonesRef.current));
      map.getSource<GeoJSONSource>("zone-areas")?.setData(areasOf(zonesRef.current));
      onViewRef.current(viewOf(map));
    });
    map.on("movestart", () => onMoveStartRef.current());
    map.on("moveend", () => onViewRef.current(viewOf(map)));
    map.on("sourcedata", (event) => {
      if (event.sourceId === "zones" && event.isSourceLoaded) {
        labels();
        // What is under the pin may have changed; a map on the move reports its view when it stops.
        if (!map.isMoving()) onViewRef.current(viewOf(map));
      }
    });
    map.on("move", labels);
    map.on("click", "zone-clusters", async (event) => {
      const feature = event.features?.[0];
      const id = feature?.properties.cluster_id;
      if (typeof id !== "number" || feature?.geometry.type !== "Point") return;
      const expansion = await map.getSource<GeoJSONSource>("zones")?.getClusterExpansionZoom(id);
      map.easeTo({ center: feature.geometry.coordinates as LngLatLike, zoom: expansion ?? map.getZoom() + 2 });
    });
    map.on("click", "zone-points", (event) => {
      const feature = event.features?.[0];
      if (feature?.geometry.type === "Point")
        map.easeTo({ center: feature.geometry.coordinates as LngLatLike, zoom: Math.max(map.getZoom(), LOCATE_ZOOM) });
    });
    map.on("error", (event) => {
      // A street style or its first tiles failing: the offline style instead.
      if (state === "gave-up") return;
      if (state === "drawing") return streetsFailed();
      // A style that never loaded leaves an empty map: say so and let the list stand in.
      if (!map.isStyleLoaded()) onFailedRef.current();
      else console.warn("map:", event.error?.message);
    });
    return () => {
      clearTimeout(timer);
      mapRef.current = null;
      map.remove();
    };
  }, [label]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !me) return;
    const element = document.createElement("span");
    element.className = "meter-map-me";
    element.setAttribute("aria-hidden", "true");
    const dot = new Marker({ element }).setLngLat([me.lng, me.lat]).addTo(map);
    return () => {
      dot.remove();
    };
  }, [me]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map?.getSource("zones")) return;
    map.getSource<GeoJSONSource>("zones")?.setData(pointsOf(zones));
    map.getSource<GeoJSONSource>("zone-areas")?.setData(areasOf(zones));
  }, [zones]);

  useEffect(() => {
    if (flyTo) mapRef.current?.jumpTo({ center: [flyTo.center.lng, flyTo.center.lat], zoom: flyTo.zoom });
  }, [flyTo]);

  return (
    <div className="meter-map">
      <div ref={container} className="meter-map-canvas" />
      {bubble}
      {notice && (
        <p className="notice meter-map-notice" role="status">
          {notice}
        </p>
      )}
      {/* The fixed centre pin: the map moves under it. */}
      <svg className="meter-map-pin" viewBox="0 0 24 36" width="28" height="42" aria-hidden="true">
        <path d="M12 0C5.4 0 0 5.4 0 12c0 9 12 24 12 24s12-15 12-24C24 5.4 18.6 0 12 0z" fill="currentColor" />
        <circle cx="12" cy="12" r="4.5" style={{ fill: "var(--surface)" }} />
      </svg>
    </div>
  );
}
