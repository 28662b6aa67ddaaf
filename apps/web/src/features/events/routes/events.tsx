import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { hostEventsQuery } from "../api/events.ts";
import { EventList } from "../components/event-card.tsx";
import "../../../lib/catalogues/events.ts";
import "../../../lib/catalogues/screens.ts";
import "../styles/events.css";

/** /eventos: every upcoming event at the host's venues, soonest first, each a tap from buying its parking. */
export default function EventsScreen() {
  const { t } = useTranslation(["screens", "events"]);
  const events = useQuery(hostEventsQuery());
  return (
    <Page title={t("screens:events.title")}>
      {!events.data ? (
        <LoadingSection />
      ) : events.data.length === 0 ? (
        <EmptyState>{t("events:series.none")}</EmptyState>
      ) : (
        <EventList events={events.data} label={t("screens:events.title")} />
      )}
    </Page>
  );
}
