import type { VisitSummary } from "@estaciona/contracts/schemas/parking";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { VisitStatusBadge } from "../../../components/parking/status-badge.tsx";
import { pathTo } from "../../../config/paths.ts";

/** Visits as rows: location, plate, entry, status and total (settled, or live while open). */
export function VisitList({ visits, label }: { visits: VisitSummary[]; label: string }) {
  const { money, dateTime } = useParkingFormat();
  return (
    <ul className="visit-list" aria-label={label}>
      {visits.map((visit) => (
        <li key={visit.uuid} className="visit-row">
          <Link className="visit-row-link" to={pathTo("visit", { uuid: visit.uuid })}>
            <span className="visit-row-main">
              <span className="visit-row-location">{visit.location.name}</span>
              <span className="muted">
                <span className="plate-badge plate-badge-small">{visit.vehicle.plate}</span>{" "}
                {dateTime(visit.entered_at ?? visit.paid_at, visit.location.time_zone)}
              </span>
            </span>
            <span className="visit-row-side">
              <VisitStatusBadge status={visit.status} />
              <span className="visit-row-total">{money(visit.total, visit.currency)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
