import { type MeterZoneSummary, ZONE_CODE_MAX_LENGTH } from "@estaciona/contracts/schemas/meters";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { getHostConfig } from "../../../lib/host-config.ts";
import { StarToggle } from "../../home/index.ts";
import { findZoneByCode, meterMapQuery, meterSessionsQuery, zonesInBoxQuery } from "../api/meters.ts";
import { MeterSessionCard } from "../components/session-card.tsx";
import { type Box, boxAround, byNearness, type LngLat, LOCATE_ZOOM, type MapView, roundBox } from "../lib/geo.ts";
import "../../../lib/catalogues/meters.ts";
import "../../../lib/catalogues/screens.ts";
import "../meters.css";

/** MapLibre and its styles download only when this screen shows the map (its own chunk). */
const MeterMap = lazy(() => import("../components/meter-map.tsx"));
type MapStyle = Parameters<typeof MeterMap>[0]["style"];

/** The map's size before it has measured itself: a phone's width, the CSS height. */
const INITIAL_VIEW_PX = { width: 360, height: 320 };

const sameBox = (a: Box, b: Box) =>
  a.west === b.west && a.south === b.south && a.east === b.east && a.north === b.north;

/**
 * /parquimetros: find the zone by the number on its sign, or on the map (drag it until the zone is
 * under the pin) or in the list of zones in view, which is always there for keyboards and screen
 * readers; and the driver's running and earlier meter sessions.
 */
export default function MetersScreen() {
  const { t } = useTranslation(["meters", "screens"]);
  const host = getHostConfig();
  const [center, setCenter] = useState<LngLat>(host.map_options.center);
  const [box, setBox] = useState<Box>(() =>
    roundBox(boxAround(host.map_options.center, host.map_options.zoom, INITIAL_VIEW_PX.width, INITIAL_VIEW_PX.height)),
  );
  const [pinned, setPinned] = useState<string | null>(null);
  // Until the map has said what it shows (drawn the first time, or after a move), the list may change.
  const [map, setMap] = useState<"moving" | "still" | "unavailable">("moving");
  const [locating, setLocating] = useState(false);
  const zones = useQuery({ ...zonesInBoxQuery(box), placeholderData: keepPreviousData });
  const items = zones.data?.items ?? [];
  const pinnedZone = items.find((zone) => zone.uuid === pinned) ?? null;

  const onView = useCallback((view: MapView) => {
    setMap("still");
    setCenter(view.center);
    const next = roundBox(view.box);
    setBox((current) => (sameBox(current, next) ? current : next));
    setPinned(view.pinned);
  }, []);
  const onMapUnavailable = useCallback(() => setMap("unavailable"), []);
  const onMapMoving = useCallback(() => setMap((state) => (state === "unavailable" ? state : "moving")), []);

  return (
    <Page title={t("screens:meters.title")}>
      <FindByCode />
      <div className="meter-finder">
        <ZoneMap
          zones={items}
          pinnedZone={pinnedZone}
          onView={onView}
          onMoving={onMapMoving}
          onLocating={setLocating}
          onUnavailable={onMapUnavailable}
        />
        <ZoneList
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

/** The number on the sign: straight to the zone's page. */
function FindByCode() {
  const { t } = useTranslation("meters");
  const navigate = useNavigate();
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    setBusy(true);
    setError(null);
    try {
      const zone = await findZoneByCode(typed);
      navigate(pathTo("meter", { uuid: zone.uuid }));
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(
        failure.status === 404
          ? t("code_not_found", { code: typed })
          : (failure.description ?? t("code_not_found", { code: typed })),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("find_title")}</h2>
      <form className="meter-code-form" onSubmit={(event) => void submit(event)}>
        <label className="field-label" htmlFor={`${id}-code`}>
          {t("code_label")}
        </label>
        <div className="meter-code-row">
          <input
            id={`${id}-code`}
            className="input"
            inputMode="text"
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={ZONE_CODE_MAX_LENGTH}
            value={code}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={busy || code.trim() === ""}>
            {t("code_submit")}
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

/**
 * The map with its centre pin, "centre on my location", and what is under the pin. It says when it
 * starts to move (`onMoving`; `onView` when it stops) and while it waits for the phone's position.
 */
function ZoneMap({
  zones,
  pinnedZone,
  onView,
  onMoving,
  onLocating,
  onUnavailable,
}: {
  zones: MeterZoneSummary[];
  pinnedZone: MeterZoneSummary | null;
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
    <section className="meter-map-section" aria-labelledby="meter-map-title">
      <h2 id="meter-map-title">{t("map_title")}</h2>
      {streetsFailed && !unavailable && (
        <p className="notice" role="status">
          {t("map_streets_unavailable")}
        </p>
      )}
      {unavailable ? (
        <p className="notice">{t("map_unavailable")}</p>
      ) : style === null ? (
        <LoadingSection />
      ) : (
        <Suspense fallback={<p className="muted meter-map-loading">{t("map_loading")}</p>}>
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
            onView={onMapView}
            onMoveStart={onMoving}
            onFailed={() => setFailed(true)}
            onStreetsFailed={() => setStreetsFailed(true)}
          />
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
        </Suspense>
      )}
    </section>
  );
}

/**
 * The zones in view, nearest the map's centre first: the map's accessible twin. While the map is
 * settling (drawn for the first time, or moved and its zones still coming) the list may still
 * change, and says so with `aria-busy`; equidistant rows keep one order (`byNearness`), so a row
 * does not move under a finger about to tap it when the map reports its centre.
 */
function ZoneList({
  zones,
  center,
  truncated,
  loading,
  settling,
}: {
  zones: MeterZoneSummary[];
  center: LngLat;
  truncated: boolean;
  loading: boolean;
  settling: boolean;
}) {
  const { t } = useTranslation("meters");
  const { money } = useParkingFormat();
  const sorted = byNearness(zones, center);
  return (
    <section className="meter-zone-list-section" aria-labelledby="meter-list-title" aria-busy={settling}>
      <h2 id="meter-list-title">{t("list_title")}</h2>
      {loading ? (
        <LoadingSection />
      ) : sorted.length === 0 ? (
        <p className="muted">{t("list_empty")}</p>
      ) : (
        <ul className="meter-zone-list">
          {sorted.map((zone) => (
            <li key={zone.uuid} className="meter-zone-item">
              <Link className="meter-zone-row" to={pathTo("meter", { uuid: zone.uuid })}>
                <span className="meter-zone-code">{zone.zone_code}</span>
                <span className="meter-zone-name">{zone.name}</span>
                <span className="muted">{t("per_hour", { amount: money(zone.rate_per_hour, zone.currency) })}</span>
              </Link>
              <StarToggle uuid={zone.uuid} name={t("zone_code", { code: zone.zone_code })} />
            </li>
          ))}
        </ul>
      )}
      {truncated && <p className="muted">{t("list_truncated")}</p>}
    </section>
  );
}

/** The driver's meter time: running sessions with their countdown, then the earlier ones. */
function MeterSessions() {
  const { t } = useTranslation("meters");
  const { time } = useParkingFormat();
  const active = useQuery(meterSessionsQuery("active"));
  const past = useQuery(meterSessionsQuery("past"));
  return (
    <section aria-labelledby="meter-sessions-title" className="dashboard-section">
      <h2 id="meter-sessions-title">{t("sessions_title")}</h2>
      <h3>{t("active_title")}</h3>
      {!active.data ? (
        <LoadingSection />
      ) : active.data.length === 0 ? (
        <p className="muted">{t("no_active")}</p>
      ) : (
        active.data.map((session) => (
          <MeterSessionCard key={session.uuid} session={session} fetchedAt={active.dataUpdatedAt} />
        ))
      )}
      <h3>{t("past_title")}</h3>
      {!past.data ? (
        <LoadingSection />
      ) : past.data.length === 0 ? (
        <p className="muted">{t("no_past")}</p>
      ) : (
        <ul className="meter-zone-list">
          {past.data.map((session) => (
            <li key={session.uuid} className="meter-zone-row">
              <span className="meter-zone-code">{session.zone.zone_code}</span>
              <span className="meter-zone-name">
                <span className="plate-badge plate-badge-small">{session.vehicle.plate}</span>{" "}
                {t("paid_until", { time: time(session.ends_at, session.zone.time_zone) })}
              </span>
              <span className="muted">{t(`status.${session.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
