import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { getHostConfig } from "../../../lib/host-config.ts";
import { downloadStatement, historyQuery } from "../api/receipts.ts";
import { AwaitingReferences } from "../components/awaiting-references.tsx";
import { HistoryEntryRow } from "../components/history-entry.tsx";
import { recentMonths, recentYears } from "../lib/months.ts";
import "../../../lib/catalogues/parking.ts";
import "../components/history.css";

/**
 * /recibos: every payment of a month (docs/decisions/0187) — stays, meters, events, valet, passes,
 * top-ups and refunds — newest first, a keyset page at a time; each line leads to its receipt and
 * is tagged business or personal; the month's statement as CSV or PDF.
 */
export default function HistoryScreen() {
  const { t, locale } = useParkingFormat();
  const months = useMemo(() => recentMonths(new Date(), locale), [locale]);
  const years = useMemo(() => recentYears(new Date(), (year) => t("history.whole_year", { year })), [t]);
  const [monthValue, setMonthValue] = useState(months[0]?.value ?? "");
  const month = [...months, ...years].find((candidate) => candidate.value === monthValue) ?? months[0];
  const period = month?.period ?? { from: "", to: "" };
  const history = useInfiniteQuery(historyQuery(period));
  const statement = useMutation({ mutationFn: (format: "csv" | "pdf") => downloadStatement(format, period) });
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  const showsCfdi = getHostConfig().country === "mx";

  return (
    <Page title={t("history.title")}>
      <section className="card history-controls" aria-label={t("history.title")}>
        <p className="muted">{t("history.intro")}</p>
        <FormField label={t("history.period")}>
          {(control) => (
            <select
              {...control}
              className="input select"
              value={monthValue}
              onChange={(event) => setMonthValue(event.target.value)}
            >
              <optgroup label={t("history.months")}>
                {months.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t("history.years")}>
                {years.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
        </FormField>
        <div className="form-actions">
          {(["csv", "pdf"] as const).map((format) => (
            <button
              key={format}
              type="button"
              className="button button-secondary"
              disabled={statement.isPending}
              onClick={() => statement.mutate(format)}
            >
              {t(`history.${format}`)}
            </button>
          ))}
        </div>
      </section>
      <AwaitingReferences />
      {history.isPending ? (
        <LoadingSection />
      ) : history.isError ? (
        <div className="card" role="alert">
          <p>{t("history.failed")}</p>
          <button type="button" className="button button-secondary" onClick={() => void history.refetch()}>
            {t("history.retry")}
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p className="card muted">{t("history.empty")}</p>
      ) : (
        <section className="card" aria-label={month?.label}>
          <ul className="history-list">
            {entries.map((entry) => (
              <HistoryEntryRow key={entry.payment_uuid} entry={entry} showsCfdi={showsCfdi} />
            ))}
          </ul>
          {history.hasNextPage && (
            <button
              type="button"
              className="button button-secondary"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {t("history.more")}
            </button>
          )}
        </section>
      )}
    </Page>
  );
}
