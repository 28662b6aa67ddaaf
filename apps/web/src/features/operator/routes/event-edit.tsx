import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { locationsQuery } from "../api/operator.ts";
import { operatorEventQuery } from "../api/venues.ts";
import { EventEditor } from "../components/event-editor.tsx";
import { useConsoleFormat } from "../lib/format.ts";

/** /operador/eventos/nuevo and /operador/eventos/{uuid}: an event at a venue, its places and price; cancelling it. */
export default function EventEditScreen() {
  const { uuid } = useParams();
  const { t } = useConsoleFormat();
  const existing = useQuery({ ...operatorEventQuery(uuid ?? ""), enabled: uuid !== undefined });
  const locations = useQuery(locationsQuery());
  const venues = locations.data?.filter((location) => location.kind === "venue") ?? [];
  return (
    <Page title={existing.data ? existing.data.name : t("events.new_title")}>
      {(uuid && !existing.data) || !locations.data ? (
        <LoadingSection />
      ) : !existing.data && venues.length === 0 ? (
        <div className="card">
          <p>{t("events.no_venue")}</p>
          <Link className="button button-primary" to={pathTo("operatorNewLocation")}>
            {t("events.open_venue")}
          </Link>
        </div>
      ) : (
        <EventEditor key={existing.data?.uuid ?? "new"} event={existing.data} venues={venues} />
      )}
    </Page>
  );
}
