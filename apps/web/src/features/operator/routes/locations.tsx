import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { locationsQuery } from "../api/operator.ts";
import { StatusPill } from "../components/status-pill.tsx";
import { useConsoleFormat } from "../lib/format.ts";

/** /operador/ubicaciones: the operator's locations, each opening its editor, and the way to open a new one. */
export default function LocationsScreen() {
  const { t, money } = useConsoleFormat();
  const locations = useQuery(locationsQuery());
  return (
    <Page
      title={t("locations.title")}
      actions={
        <Link className="button button-primary" to={pathTo("operatorNewLocation")}>
          {t("locations.new")}
        </Link>
      }
    >
      {!locations.data ? (
        <LoadingSection />
      ) : (
        <ul className="console-grid card-list">
          {locations.data.map((location) => (
            <li key={location.uuid} className="card">
              <Link to={pathTo("operatorLocation", { uuid: location.uuid })}>
                <strong>{location.name}</strong>
              </Link>
              <span className="muted">{location.address}</span>
              <span>
                {t(`kind.${location.kind}`)} ·{" "}
                {t("locations.first_period_price", {
                  price: money(location.first_period.total, location.currency),
                })}
              </span>
              <StatusPill
                status={location.active ? "active" : "suspended"}
                label={location.active ? t("locations.active") : t("locations.inactive")}
              />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
