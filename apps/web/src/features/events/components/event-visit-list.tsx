import type { EventVisitSummary } from "@estaciona/contracts/schemas/events";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { EventVisitStatusBadge } from "./event-status.tsx";

/** Event parking as rows beside lot stays: event, plate, when, status and amount paid. */
export function EventVisitList({ visits, label }: { visits: EventVisitSummary[]; label: string }) {
  const { t } = useTranslation("events");
  const { money, dateTime } = useParkingFormat();
  return (
    <ul className="visit-list" aria-label={label}>
      {visits.map((visit) => (
        <li key={visit.uuid} className="visit-row">
          <Link
            className="visit-row-link"
            to={pathTo("eventVisit", { uuid: visit.uuid })}
            aria-label={t("list.open", { event: visit.event.name, plate: visit.vehicle.plate })}
          >
            <span className="visit-row-main">
              <span className="visit-row-location">{visit.event.name}</span>
              <span className="muted">
                <span className="plate-badge plate-badge-small">{visit.vehicle.plate}</span>{" "}
                {dateTime(visit.event.starts_at, visit.event.location.time_zone)}
              </span>
            </span>
            <span className="visit-row-side">
              <EventVisitStatusBadge visit={visit} />
              <span className="visit-row-total">{money(visit.total, visit.currency)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
