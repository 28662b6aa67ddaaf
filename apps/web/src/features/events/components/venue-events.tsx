import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { venueEventsQuery } from "../api/events.ts";
import { EventList } from "./event-card.tsx";
import "../../../lib/catalogues/events.ts";
import "../styles/events.css";

/** A venue's QR landing: its upcoming events, each leading to its page (where parking is bought). */
export function VenueEvents({ locationUuid }: { locationUuid: string }) {
  const { t } = useTranslation("events");
  const events = useQuery(venueEventsQuery(locationUuid));
  return (
    <section aria-labelledby="venue-events-title" className="venue-events">
      <h2 id="venue-events-title">{t("venue.title")}</h2>
      {events.isPending ? (
        <LoadingSection />
      ) : (events.data ?? []).length === 0 ? (
        <p className="muted">{t("venue.none")}</p>
      ) : (
        <EventList events={events.data ?? []} label={t("venue.title")} />
      )}
    </section>
  );
}
