import type { HomeOffers } from "@estaciona/contracts/schemas/home";
import type { Plan } from "@estaciona/contracts/schemas/subscriptions";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { useDistance } from "../lib/distance.ts";
import { StarToggle } from "./star-toggle.tsx";

/** Car parks: the next hour's all-in price, how far, and places left when the lot counts them. */
export function LotRows({ lots }: { lots: HomeOffers["lots"] }) {
  const { t } = useTranslation("home");
  const { money } = useParkingFormat();
  const distance = useDistance();
  return (
    <ul className="home-rows">
      {lots.map((lot) => (
        <li key={lot.uuid} className="home-starred-row">
          <Link className="home-row" to={pathTo("location", { uuid: lot.uuid })}>
            <span className="home-row-name">{lot.name}</span>
            <span className="home-row-price">
              {t("lot_next_hour", { amount: money(lot.next_hour_total, lot.currency) })}
            </span>
            <span className="muted">{t("away", { distance: distance(lot.distance_m) })}</span>
            {lot.places_left !== null && (
              <span className={lot.places_left === 0 ? "status-badge status-pending-payment" : "muted"}>
                {lot.places_left === 0 ? t("full") : t("places_left", { count: lot.places_left })}
              </span>
            )}
          </Link>
          <StarToggle uuid={lot.uuid} name={lot.name} />
        </li>
      ))}
    </ul>
  );
}

/** Meter zones: the zone's number, its hourly price, its name and how far. */
export function MeterZoneRows({ zones }: { zones: HomeOffers["meter_zones"] }) {
  const { t } = useTranslation("home");
  const { money } = useParkingFormat();
  const distance = useDistance();
  return (
    <ul className="home-rows">
      {zones.map((zone) => (
        <li key={zone.uuid} className="home-starred-row">
          <Link className="home-row" to={pathTo("meter", { uuid: zone.uuid })}>
            <span className="home-row-name">{t("zone", { code: zone.zone_code })}</span>
            <span className="home-row-price">
              {t("per_hour", { amount: money(zone.rate_per_hour, zone.currency) })}
            </span>
            <span className="muted">{zone.name}</span>
            <span className="muted">{t("away", { distance: distance(zone.distance_m) })}</span>
          </Link>
          <StarToggle uuid={zone.uuid} name={t("zone", { code: zone.zone_code })} />
        </li>
      ))}
    </ul>
  );
}

/** Valet stands: the name and how far. */
export function ValetRows({ stands }: { stands: HomeOffers["valet"] }) {
  const { t } = useTranslation("home");
  const distance = useDistance();
  return (
    <ul className="home-rows">
      {stands.map((stand) => (
        <li key={stand.uuid}>
          <Link className="home-row" to={pathTo("location", { uuid: stand.uuid })}>
            <span className="home-row-name">{stand.name}</span>
            <span className="muted">{t("away", { distance: distance(stand.distance_m) })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Passes: the name, the price per period and where. */
export function PassRows({ passes }: { passes: Plan[] }) {
  const { t } = useTranslation("home");
  const { money } = useParkingFormat();
  return (
    <ul className="home-rows">
      {passes.map((pass) => (
        <li key={pass.uuid}>
          <Link className="home-row" to={pathTo("subscription", { uuid: pass.uuid })}>
            <span className="home-row-name">{pass.name}</span>
            <span className="home-row-price">
              {t("pass_price", { amount: money(pass.period_price.total, pass.currency) })}
            </span>
            <span className="muted">{pass.location.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
