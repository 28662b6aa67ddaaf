import type { MeterZone } from "@estaciona/contracts/schemas/meters";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { StarToggle } from "../../home/index.ts";
import { SignBadge } from "../../signs/index.ts";
import { meterSessionQuery, meterSessionsQuery, zoneQuery } from "../api/meters.ts";
import { BuyPanel } from "../components/buy-panel.tsx";
import "../../../lib/catalogues/meters.ts";
import "../meters.css";

/** 2026-11-22 was a Sunday: the week's day names come from Intl, in the language, from there. */
const SUNDAY = Date.UTC(2026, 10, 22, 12);
const DAY_MS = 86_400_000;
/** Listed Monday first, as signs read. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * /parquimetros/{uuid}: the zone (number, place, rate, stays and charged hours on its clock) and
 * buying time there; `?session=` (the reminder's link) opens adding time to that session, `?vehicle=`
 * ("pay again" from the driver's places) chooses that vehicle first; `?s=` (a signed sign, through
 * the `/loc/{uuid}` landing) is checked and says "Verified: <operator>" or warns.
 */
export default function MeterScreen() {
  const { uuid = "" } = useParams();
  const [search] = useSearchParams();
  const sessionUuid = search.get("session");
  const signature = search.get("s");
  const { t } = useTranslation("meters");
  const zone = useQuery(zoneQuery(uuid));
  const running = useQuery(meterSessionsQuery("active"));
  const fixed = useQuery({ ...meterSessionQuery(sessionUuid ?? ""), enabled: sessionUuid !== null });
  const data = zone.data;
  const ready = data && running.data && (sessionUuid === null || fixed.data);
  return (
    <Page title={data ? t("zone_code", { code: data.zone_code }) : t("zone_code", { code: "" })}>
      {!ready ? (
        <LoadingSection />
      ) : (
        <div className="meter-zone">
          {signature && <SignBadge uuid={data.uuid} signature={signature} />}
          {/* Paying comes first: at the curb the driver reads the zone's rules after, if at all. */}
          <BuyPanel
            zone={data}
            fetchedAt={zone.dataUpdatedAt}
            running={running.data.filter((session) => session.zone.uuid === data.uuid)}
            // A session that has ended (an old reminder's link) cannot take more time: new time is sold instead.
            fixedSession={fixed.data?.zone.uuid === data.uuid && fixed.data.status === "active" ? fixed.data : null}
            preferredVehicle={search.get("vehicle")}
          />
          <div className="meter-zone-star">
            <StarToggle uuid={data.uuid} name={t("zone_code", { code: data.zone_code })} />
          </div>
          <ZoneFacts zone={data} />
        </div>
      )}
    </Page>
  );
}

function ZoneFacts({ zone }: { zone: MeterZone }) {
  const { t, i18n } = useTranslation("meters");
  const { money, duration, clock } = useParkingFormat();
  const weekday = new Intl.DateTimeFormat(i18n.language === "en" ? "en-US" : "es-MX", {
    weekday: "long",
    timeZone: "UTC",
  });
  return (
    <section className="card" aria-labelledby="meter-zone-name">
      <h2 id="meter-zone-name">{zone.name}</h2>
      <p className="location-address">{zone.address}</p>
      <p>{t("rate_note", { amount: money(zone.rate_per_hour, zone.currency) })}</p>
      <p className="muted">{t("stays", { min: duration(zone.min_minutes), max: duration(zone.max_minutes) })}</p>
      <h3>{t("hours_title")}</h3>
      <dl className="meter-hours">
        {WEEK_ORDER.map((day) => {
          const window = zone.hours[day];
          return (
            <div key={day} className="meter-hours-row">
              <dt>{weekday.format(new Date(SUNDAY + day * DAY_MS))}</dt>
              <dd>
                {!window
                  ? t("hours_free")
                  : window.open === 0 && window.close === 24 * 60
                    ? t("hours_always")
                    : `${clock(window.open)}–${clock(window.close)}`}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
