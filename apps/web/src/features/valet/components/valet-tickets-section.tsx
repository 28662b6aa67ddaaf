import { PAGINATOR_ROWS } from "@estaciona/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Paginator } from "../../../components/paginator.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { VisitStatusBadge } from "../../../components/parking/status-badge.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ticketsQuery } from "../api/valet.ts";
import "../../../lib/catalogues/valet.ts";
import "../styles/valet.css";

/**
 * The driver's valet tickets beside their lot stays (home and visits): nothing for a driver who
 * never used valet, else the newest first, with where the car is.
 */
export function ValetTicketsSection({ paged = false }: { paged?: boolean }) {
  const { t } = useTranslation("valet");
  const { money, dateTime } = useParkingFormat();
  const [page, setPage] = useState(1);
  const tickets = useQuery({ ...ticketsQuery(page, PAGINATOR_ROWS), placeholderData: keepPreviousData });
  const list = tickets.data?.items ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="valet-tickets-title" className="dashboard-section">
      <h2 id="valet-tickets-title">{t("list.title")}</h2>
      <ul className="visit-list" aria-label={t("list.title")}>
        {list.map((ticket) => (
          <li key={ticket.uuid} className="visit-row">
            <Link
              className="visit-row-link"
              to={pathTo("valetTicket", { uuid: ticket.uuid })}
              aria-label={t("list.open", { number: ticket.number, location: ticket.location.name })}
            >
              <span className="visit-row-main">
                <span className="visit-row-location">{ticket.location.name}</span>
                <span className="muted">
                  {t("ticket", { number: ticket.number })} · {dateTime(ticket.opened_at, ticket.location.time_zone)}
                </span>
              </span>
              <span className="visit-row-side">
                {ticket.status === "finished" ? (
                  <span className={`status-badge car-${ticket.car_status}`}>
                    {t(`car_status.${ticket.car_status}`)}
                  </span>
                ) : (
                  <VisitStatusBadge status={ticket.status} />
                )}
                <span className="visit-row-total">{money(ticket.total, ticket.currency)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {paged && <Paginator totalRows={tickets.data?.total ?? 0} page={page} onPageChange={setPage} />}
    </section>
  );
}
