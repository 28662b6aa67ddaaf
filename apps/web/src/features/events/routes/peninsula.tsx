import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { seriesQuery } from "../api/events.ts";
import { EventList } from "../components/event-card.tsx";
import "../../../lib/catalogues/events.ts";
import "../styles/events.css";

/** /evento/peninsula: the named event landing, a series looked up by its slug (docs/product/parking.md), its upcoming dates. */
export default function PeninsulaScreen() {
  const { t } = useTranslation("events");
  const series = useQuery(seriesQuery("peninsula"));
  const data = series.data;
  return (
    <Page title={data?.name ?? t("page.title")}>
      {!data ? (
        <LoadingSection />
      ) : (
        <div className="event-page">
          {data.description && <p>{data.description}</p>}
          <h2>{t("series.upcoming")}</h2>
          {data.events.length === 0 ? (
            <EmptyState>{t("series.none")}</EmptyState>
          ) : (
            <EventList events={data.events} label={t("series.upcoming")} />
          )}
        </div>
      )}
    </Page>
  );
}
