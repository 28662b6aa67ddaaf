import type { MeterZoneSummary } from "@estaciona/contracts/schemas/meters";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { getHostConfig } from "../../../lib/host-config.ts";
import { meterMapQuery } from "../api/meters.ts";
import { type LngLat, LOCATE_ZOOM, type MapView } from "../lib/geo.ts";

/** MapLibre and its styles download only when this screen shows the map (its own chunk). */
const MeterMap = lazy(() => import("./meter-map.tsx"));
type MapStyle = Parameters<typeof MeterMap>[0]["style"];

/** The map's size in CSS pixels, as MapLibre will draw it. */
export interface MapSize {
  width: number;
  height: number;
}

/**
 * The map with its centre pin, "centre on my location", and what is under the pin. It says when it
 * starts to move (`onMoving`; `onView` when it stops) and while it waits for the phone's position.
 * `onSize` says, once, how large the map's frame is, before MapLibre has loaded: the screen asks
 * for the zones in that view at once, and the map's first report shows the same box (decision 0325).
 */
export function ZoneMap({
  zones,
  pinnedZone,
  onView,
  onMoving,
  onLocating,
  onUnavailable,
  onSize,
}: {
  zones: MeterZoneSummary[];
  pinnedZone: MeterZoneSummary | null;
  onSize: (size: MapSize) => void;
  onView: (view: MapView) => void;
  onMoving: () => void;
  onLocating: (locating: boolean) => void;
  onUnavailable: () => void;
}) {
  const { t } = useTranslation("meters");
  const { money } = useParkingFormat();
  const host = getHostConfig();
  // The street style when there is one (decision 0220); ours, which needs no internet, when it fails.
  const streetsUrl = host.map_options.style_url;
  const ownStyle = useQuery(meterMapQuery());
  const [streetsFailed, setStreetsFailed] = useState(false);
  const [failed, setFailed] = useState(false);
  const [flyTo, setFlyTo] = useState<{ center: LngLat; zoom: number } | null>(null);
  const [me, setMe] = useState<LngLat | null>(null);
  const [locateError, setLocateError] = useState(false);
  // Where the map was when the street style gave way, so the offline one opens there.
  const [lastView, setLastView] = useState<{ center: LngLat; zoom: number } | null>(null);
  const streets = streetsUrl !== null && !streetsFailed;
  const style = streets ? streetsUrl : ((ownStyle.data?.style as MapStyle | undefined) ?? null);
  const unavailable = failed || (!streets && ownStyle.isError);
  useEffect(() => {
    if (unavailable) onUnavailable();
  }, [unavailable, onUnavailable]);
  // Whichever frame is drawn first (waiting for the style, for MapLibre, or the map itself) has the map's size.
  const section = useRef<HTMLElement>(null);
  const sized = useRef(false);
  useLayoutEffect(() => {
    const frame = section.current?.querySelector<HTMLElement>(".meter-map");
    if (sized.current || !frame) return;
    sized.current = true;
    onSize({ width: frame.clientWidth, height: frame.clientHeight });
  });
  const onMapView = useCallback(
    (view: MapView) => {
      setLastView({ center: view.center, zoom: view.zoom });
      onView(view);
    },
    [onView],
  );

  const locate = () => {
    setLocateError(false);
    if (!("geolocation" in navigator)) return setLocateError(true);
    onLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        // Moving from this render on, so the list never reads as settled between the answer and the jump.
        onMoving();
        const here = { lat: position.coords.latitude, lng: position.coords.longitude };
        setMe(here);
        setFlyTo({ center: here, zoom: LOCATE_ZOOM });
        onLocating(false);
      },
      () => {
        setLocateError(true);
        onLocating(false);
      },
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  };

  return (
    <section ref={section} className="meter-map-section" aria-labelledby="meter-map-title">
      <h2 id="meter-map-title">{t("map_title")}</h2>
      {unavailable ? (
        <p className="notice">{t("map_unavailable")}</p>
      ) : (
        <>
          {style === null ? (
            <div className="meter-map">
              <LoadingSection />
            </div>
          ) : (
            <Suspense
              fallback={
                <div className="meter-map">
                  <p className="muted meter-map-loading">{t("map_loading")}</p>
                </div>
              }
            >
              <MeterMap
                key={streets ? "streets" : "offline"}
                style={style}
                center={lastView?.center ?? host.map_options.center}
                zoom={lastView?.zoom ?? host.map_options.zoom}
                zones={zones}
                flyTo={flyTo}
                label={t("map_label")}
                color={host.brand.primary_color}
                me={me}
                bubble={
                  pinnedZone && (
                    <span className="meter-map-bubble" aria-hidden="true">
                      {t("map_bubble", {
                        code: pinnedZone.zone_code,
                        amount: money(pinnedZone.rate_per_hour, pinnedZone.currency),
                      })}
                    </span>
                  )
                }
                notice={streetsFailed && t("map_streets_unavailable")}
                onView={onMapView}
                onMoveStart={onMoving}
                onFailed={() => setFailed(true)}
                onStreetsFailed={() => setStreetsFailed(true)}
              />
            </Suspense>
          )}
          {/* Outside the map's Suspense: there from the first frame, so the map arriving moves nothing below. */}
          <div className="meter-map-actions">
            <button type="button" className="button button-secondary" onClick={locate}>
              {t("locate_me")}
            </button>
            {locateError && (
              <p className="field-error" role="alert">
                {t("locate_failed")}
              </p>
            )}
          </div>
          <div className="meter-pin-status" aria-live="polite">
            {pinnedZone ? (
              <>
                <p>{t("pin_zone", { code: pinnedZone.zone_code, name: pinnedZone.name })}</p>
                <Link className="button button-primary button-block" to={pathTo("meter", { uuid: pinnedZone.uuid })}>
                  {t("pay_here", { code: pinnedZone.zone_code })}
                </Link>
              </>
            ) : (
              <p className="muted">{t("pin_none")}</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
