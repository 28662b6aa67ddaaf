import { PAGINATOR_ROWS } from "@estaciona/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { Paginator } from "../../../components/paginator.tsx";
import { EventVisitsSection } from "../../events/index.ts";
import { ValetTicketsSection } from "../../valet/index.ts";
import { type VisitFilter, visitsQuery } from "../api/visits.ts";
import { VisitList } from "../components/visit-list.tsx";
import "../../../lib/catalogues/parking.ts";
import "../../../lib/catalogues/screens.ts";

const FILTERS: readonly VisitFilter[] = ["all", "active", "past"];

/**
 * The window's scroll position while this screen is shown. The shell keeps the screen mounted
 * in a hidden <Activity> when the driver navigates away (docs/product/screens-and-routes.md: kept alive), so filter, page
 * and list survive as React state; effects are torn down while hidden and run again when shown,
 * which is when the scroll is put back (after the root layout's scroll-to-top on navigation).
 */
function useKeptScroll() {
  const position = useRef(0);
  useLayoutEffect(() => {
    const remember = () => {
      position.current = window.scrollY;
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, []);
  useEffect(() => {
    if (position.current === 0) return;
    const frame = requestAnimationFrame(() => window.scrollTo(0, position.current));
    return () => cancelAnimationFrame(frame);
  }, []);
}

/** /visitas: open and paid visits, filtered and paged by the server, five to a page. */
export default function VisitsScreen() {
  const { t } = useTranslation(["parking", "screens"]);
  const [filter, setFilter] = useState<VisitFilter>("all");
  const [page, setPage] = useState(1);
  // Keyset paging: where each page starts, learnt from the answers (page 1 starts at the top).
  const [pageStarts, setPageStarts] = useState<ReadonlyMap<number, string>>(new Map());
  useKeptScroll();
  const visits = useQuery({
    ...visitsQuery(filter, page, PAGINATOR_ROWS, pageStarts.get(page)),
    placeholderData: keepPreviousData,
  });
  const nextPages = visits.isPlaceholderData ? undefined : visits.data?.next_pages;
  useEffect(() => {
    if (!nextPages?.length) return;
    setPageStarts(
      (known) => new Map([...known, ...nextPages.map((start, index) => [page + 1 + index, start] as const)]),
    );
  }, [nextPages, page]);

  const list = visits.data?.items ?? [];
  return (
    <Page title={t("screens:visits.title")}>
      <fieldset className="segmented">
        <legend className="segmented-legend">{t("visits.filter_label")}</legend>
        {FILTERS.map((value) => (
          <label key={value} className={`segmented-option${filter === value ? " is-selected" : ""}`}>
            <input
              type="radio"
              name="visit-filter"
              value={value}
              checked={filter === value}
              onChange={() => {
                setFilter(value);
                setPage(1);
                setPageStarts(new Map());
              }}
            />
            {t(`visits.filter_${value}`)}
          </label>
        ))}
      </fieldset>
      {visits.isPending ? (
        <LoadingSection />
      ) : list.length === 0 ? (
        <EmptyState>{t(`visits.empty_${filter}`)}</EmptyState>
      ) : (
        <>
          <VisitList visits={list} label={t("visits.list_label")} />
          <Paginator totalRows={visits.data?.total ?? 0} page={page} onPageChange={setPage} />
        </>
      )}
      <ValetTicketsSection paged />
      <EventVisitsSection paged />
    </Page>
  );
}
