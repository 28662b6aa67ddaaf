import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { todayQuery } from "../api/operator.ts";
import { PaymentTable } from "../components/payment-table.tsx";
import { RevenueByRail } from "../components/revenue-by-rail.tsx";
import { RevenueChart } from "../components/revenue-chart.tsx";
import { useConsoleFormat } from "../lib/format.ts";
import { localToday } from "../lib/revenue-days.ts";

const DAYS = 7;
/** Locations shown before "show all": an organisation with dozens of meter zones still sees its money on a phone. */
const FIRST_LOCATIONS = 6;

/** /operador: occupancy and open stays per location, money taken this week, payments that need a look. */
export default function TodayScreen() {
  const { t } = useConsoleFormat();
  const today = useQuery(todayQuery(DAYS));
  const report = today.data;
  const [allLocations, setAllLocations] = useState(false);
  // The busiest first (the sort is stable: ties keep the report's order by name).
  const locations = [...(report?.locations ?? [])].sort((a, b) => b.open_stays - a.open_stays);
  const shown = allLocations ? locations : locations.slice(0, FIRST_LOCATIONS);
  const currencies = [...new Set(report?.revenue.map((row) => row.currency) ?? [])];
  return (
    <Page title={t("today.title")}>
      {!report ? (
        <LoadingSection />
      ) : (
        <>
          <section aria-labelledby="occupancy-title">
            <h2 id="occupancy-title" className="section-title">
              {t("today.occupancy_title")}
            </h2>
            <ul className="console-grid card-list" id="occupancy-list">
              {shown.map((location) => {
                return (
                  <li key={location.uuid} className="card">
                    <strong>{location.name}</strong>
                    <span>
                      {location.capacity
                        ? t("today.occupancy", { open: location.open_stays, capacity: location.capacity })
                        : t("today.open_stays", { count: location.open_stays })}
                    </span>
                    {location.capacity !== null && (
                      <meter
                        className="occupancy"
                        aria-label={t("today.occupancy_of", { name: location.name })}
                        min={0}
                        max={location.capacity}
                        value={location.open_stays}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
            {locations.length > FIRST_LOCATIONS && (
              <button
                type="button"
                className="button button-secondary"
                aria-controls="occupancy-list"
                aria-expanded={allLocations}
                onClick={() => setAllLocations(!allLocations)}
              >
                {allLocations ? t("today.fewer_locations") : t("today.all_locations", { count: locations.length })}
              </button>
            )}
          </section>
          {currencies.length === 0 ? (
            <p className="muted">{t("today.no_revenue", { count: DAYS })}</p>
          ) : (
            currencies.map((currency) => (
              <RevenueChart
                key={currency}
                revenue={report.revenue}
                currency={currency}
                days={DAYS}
                today={localToday()}
              />
            ))
          )}
          <RevenueByRail lines={report.revenue_by_rail} days={DAYS} />
          <section aria-labelledby="attention-title" className="card">
            <h2 id="attention-title" className="section-title">
              {t("today.attention_title")}
            </h2>
            {report.attention.length === 0 ? (
              <p className="muted">{t("today.attention_none")}</p>
            ) : (
              <PaymentTable payments={report.attention} caption={t("today.attention_title")} />
            )}
          </section>
        </>
      )}
    </Page>
  );
}
