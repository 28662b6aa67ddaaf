import { PAGINATOR_ROWS } from "@estaciona/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Paginator } from "../../../components/paginator.tsx";
import { eventVisitsQuery } from "../api/events.ts";
import { EventVisitList } from "./event-visit-list.tsx";
import "../../../lib/catalogues/events.ts";
import "../styles/events.css";

/**
 * The driver's event parking beside their lot stays (home and visits): nothing at all for a
 * driver who never bought any, else the newest first, paged like the visits.
 */
export function EventVisitsSection({ paged = false }: { paged?: boolean }) {
  const { t } = useTranslation("events");
  const [page, setPage] = useState(1);
  const visits = useQuery({ ...eventVisitsQuery(page, PAGINATOR_ROWS), placeholderData: keepPreviousData });
  const list = visits.data?.items ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="event-visits-title" className="dashboard-section">
      <h2 id="event-visits-title">{t("list.title")}</h2>
      <EventVisitList visits={list} label={t("list.title")} />
      {paged && <Paginator totalRows={visits.data?.total ?? 0} page={page} onPageChange={setPage} />}
    </section>
  );
}
