import type { MeterZoneSummary } from "@estaciona/contracts/schemas/meters";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { StarToggle } from "../../home/index.ts";
import { byNearness, type LngLat } from "../lib/geo.ts";

/**
 * The zones in view, nearest the map's centre first: the map's accessible twin. While the map is
 * settling (drawn for the first time, or moved and its zones still coming) the list may still
 * change, and says so with `aria-busy`; equidistant rows keep one order (`byNearness`), so a row
 * does not move under a finger about to tap it when the map reports its centre.
 */
export function ZonesInView({
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
