import type { Event } from "@estaciona/contracts/schemas/events";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import "../../../lib/catalogues/events.ts";

/** Upcoming events as links to their pages: name, when (on the venue's clock), places left, the all-in price. */
export function EventList({ events, label }: { events: Event[]; label: string }) {
  const { t } = useTranslation("events");
  const { money, dateTime } = useParkingFormat();
  return (
    <ul className="event-list" aria-label={label}>
      {events.map((event) => (
        <li key={event.uuid}>
          <Link
            className="event-card"
            to={pathTo("event", { uuid: event.uuid })}
            aria-label={t("series.open_event", { name: event.name })}
          >
            <span className="event-card-name">{event.name}</span>
            <span className="muted">{dateTime(event.starts_at, event.location.time_zone)}</span>
            <span className="muted">{event.location.name}</span>
            <span className="event-card-side">
              <span className="event-card-price">
                {t("venue.price", { amount: money(event.suggested_price.total, event.currency) })}
              </span>
              <span className={event.places_left === 0 ? "status-badge status-pending-payment" : "muted"}>
                {event.places_left === 0 ? t("page.sold_out") : t("page.places_left", { count: event.places_left })}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
