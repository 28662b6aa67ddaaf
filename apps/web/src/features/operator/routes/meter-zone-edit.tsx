import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { locationsQuery } from "../api/operator.ts";
import { operatorZoneQuery } from "../api/venues.ts";
import { ZoneEditor } from "../components/zone-editor.tsx";
import { useConsoleFormat } from "../lib/format.ts";

/** /operador/parquimetros/nuevo and /operador/parquimetros/{uuid}: a zone's sign, area, rate, stays and hours. */
export default function MeterZoneEditScreen() {
  const { uuid } = useParams();
  const { t } = useConsoleFormat();
  const existing = useQuery({ ...operatorZoneQuery(uuid ?? ""), enabled: uuid !== undefined });
  const locations = useQuery({ ...locationsQuery(), enabled: uuid === undefined });
  const meterLocations = locations.data?.filter((location) => location.kind === "meter") ?? [];
  return (
    <Page
      title={
        existing.data ? t("meter_zones.edit_title", { code: existing.data.zone_code }) : t("meter_zones.new_title")
      }
    >
      {uuid ? (
        existing.data ? (
          <>
            <ZoneEditor zone={existing.data} locations={[]} />
            {/* A zone is its location: its sign is the location's signed QR (docs/decisions/0287). */}
            <p className="console-row-actions">
              <Link to={pathTo("operatorLocationQr", { uuid: existing.data.uuid })}>{t("meter_zones.qr_print")}</Link>
            </p>
          </>
        ) : (
          <LoadingSection />
        )
      ) : !locations.data ? (
        <LoadingSection />
      ) : meterLocations.length === 0 ? (
        <div className="card">
          <p>{t("meter_zones.no_location")}</p>
          <Link className="button button-primary" to={pathTo("operatorNewLocation")}>
            {t("meter_zones.open_location")}
          </Link>
        </div>
      ) : (
        <ZoneEditor zone={undefined} locations={meterLocations} />
      )}
    </Page>
  );
}
