import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page.tsx";
import { getHostConfig } from "../../../lib/host-config.ts";
import { ScanSignButton } from "../../signs/index.ts";
import { zonesInBoxQuery } from "../api/meters.ts";
import { FindZoneByCode } from "../components/find-zone-by-code.tsx";
import { MeterSessions } from "../components/meter-sessions.tsx";
import { type MapSize, ZoneMap } from "../components/zone-map.tsx";
import { ZonesInView } from "../components/zones-in-view.tsx";
import { type Box, boxAround, type LngLat, type MapView, roundBox } from "../lib/geo.ts";
import "../../../lib/catalogues/meters.ts";
import "../../../lib/catalogues/screens.ts";
import "../meters.css";

/** The map's size when its frame cannot be measured (no layout, or no map): a phone's width, the CSS height. */
const FALLBACK_VIEW_PX: MapSize = { width: 360, height: 320 };

const sameBox = (a: Box, b: Box) =>
  a.west === b.west && a.south === b.south && a.east === b.east && a.north === b.north;

/**
 * /parquimetros: find the zone by the number on its sign, by scanning its signed QR with the app's
 * own scanner (never the phone's, which opens any look-alike page), or on the map (drag it until the zone is
 * under the pin) or in the list of zones in view, which is always there for keyboards and screen
 * readers; and the driver's running and earlier meter sessions.
 */
export default function MetersScreen() {
  const { t } = useTranslation(["meters", "screens"]);
  const host = getHostConfig();
  const [center, setCenter] = useState<LngLat>(host.map_options.center);
  // The zones are asked for once the map's frame is measured: the box the map will show when it has loaded.
  const [box, setBox] = useState<Box | null>(null);
  const [pinned, setPinned] = useState<string | null>(null);
  // While the map moves (until it says what it shows after the move), the list may change.
  const [map, setMap] = useState<"moving" | "still" | "unavailable">("still");
  const [locating, setLocating] = useState(false);
  const { center: hostCenter, zoom: hostZoom } = host.map_options;
  const startAt = useCallback(
    (size: MapSize) => {
      const { width, height } = size.width > 0 && size.height > 0 ? size : FALLBACK_VIEW_PX;
      setBox((current) => current ?? roundBox(boxAround(hostCenter, hostZoom, width, height)));
    },
    [hostCenter, hostZoom],
  );
  const zones = useQuery({
    // Disabled until measured; the key is the fallback view's, never asked for.
    ...zonesInBoxQuery(
      box ?? roundBox(boxAround(hostCenter, hostZoom, FALLBACK_VIEW_PX.width, FALLBACK_VIEW_PX.height)),
    ),
    enabled: box !== null,
    placeholderData: keepPreviousData,
  });
  const items = zones.data?.items ?? [];
  const pinnedZone = items.find((zone) => zone.uuid === pinned) ?? null;

  const onView = useCallback((view: MapView) => {
    setMap("still");
    setCenter(view.center);
    const next = roundBox(view.box);
    setBox((current) => (current && sameBox(current, next) ? current : next));
    setPinned(view.pinned);
  }, []);
  const onMapUnavailable = useCallback(() => {
    setMap("unavailable");
    startAt(FALLBACK_VIEW_PX);
  }, [startAt]);
  const onMapMoving = useCallback(() => setMap((state) => (state === "unavailable" ? state : "moving")), []);

  return (
    <Page title={t("screens:meters.title")}>
      <FindZoneByCode />
      <ScanSignButton />
      <div className="meter-finder">
        <ZoneMap
          zones={items}
          pinnedZone={pinnedZone}
          onSize={startAt}
          onView={onView}
          onMoving={onMapMoving}
          onLocating={setLocating}
          onUnavailable={onMapUnavailable}
        />
        <ZonesInView
          zones={items}
          center={center}
          truncated={zones.data?.truncated ?? false}
          loading={zones.isPending}
          settling={locating || map === "moving" || zones.isFetching}
        />
      </div>
      <MeterSessions />
    </Page>
  );
}
