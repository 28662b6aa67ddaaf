import type { VisitDetail, VisitSummary } from "@estaciona/contracts/schemas/parking";
import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { LiveFee, useLiveQuote } from "../../../components/parking/live-fee.tsx";
import { VisitStatusBadge } from "../../../components/parking/status-badge.tsx";
import { paths, pathTo } from "../../../config/paths.ts";
import { getHostConfig, isFreeflowHost } from "../../../lib/host-config.ts";
import { EventVisitsSection } from "../../events/index.ts";
import { HomeOffers } from "../../home/index.ts";
import { ActiveMeterSessions } from "../../meters/index.ts";
import { ValetTicketsSection } from "../../valet/index.ts";
import { dashboardQuery, VisitList } from "../../visits/index.ts";
import "../../../lib/catalogues/parking.ts";
import "../../../lib/catalogues/screens.ts";

/** The dashboard is refetched this often while open, so a gate's entry or exit shows up without a reload. */
const DASHBOARD_REFRESH_MS = 60_000;

/**
 * Home (/dashboard): an unpaid stay first (it blocks the vehicle's next visit), the stay under
 * way with its live fee and Pay, the latest visits (a freeflow exit charged at the gate shows as
 * paid), then what the host offers near the driver (lots, meters, events, passes, valet, help; on
 * the freeflow host its plates and card first, on the university host its student pass) and shortcuts.
 */
export default function DashboardScreen() {
  const { t } = useTranslation(["parking", "screens", "common"]);
  const host = getHostConfig();
  const freeflow = isFreeflowHost(host);
  const dashboard = useQuery({
    ...dashboardQuery(),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  const data = dashboard.data;
  const active = data?.active_visit ?? null;
  // The dashboard's open visit is the newest; older unpaid stays (another vehicle) come from the recent list.
  const otherUnpaid = (data?.recent_visits ?? []).filter(
    (visit) => visit.status === "pending_payment" && visit.uuid !== active?.uuid,
  );

  return (
    <Page title={t("screens:dashboard.title")}>
      {!data ? (
        <LoadingSection />
      ) : (
        <>
          {otherUnpaid.map((visit) => (
            <UnpaidSummaryCard key={visit.uuid} visit={visit} />
          ))}
          {active && <ActiveVisitCard visit={active} fetchedAt={dashboard.dataUpdatedAt} />}
          {host.features.includes("meters") && <ActiveMeterSessions />}
          {/* A car at the valet stand or a pass for tonight comes before the history of lot stays. */}
          <ValetTicketsSection />
          <EventVisitsSection />
          <section aria-labelledby="recent-title" className="dashboard-section">
            <h2 id="recent-title">{t("dashboard.recent_title")}</h2>
            {data.recent_visits.length === 0 ? (
              <p className="muted">{freeflow ? t("dashboard.no_visits_freeflow") : t("dashboard.no_visits")}</p>
            ) : (
              <>
                <VisitList visits={data.recent_visits} label={t("dashboard.recent_title")} />
                <Link className="link" to={paths.visits.path}>
                  {t("dashboard.see_all")}
                </Link>
              </>
            )}
          </section>
          {/* What the host offers, nearest first (docs/decisions/0170): its own chunk, after the visits. */}
          <Suspense fallback={<LoadingSection />}>
            <HomeOffers />
          </Suspense>
          <nav aria-labelledby="quick-links-title" className="dashboard-section">
            <h2 id="quick-links-title">{t("dashboard.quick_links")}</h2>
            <ul className="quick-links">
              <li>
                <Link to={paths.vehicles.path}>{t("common:menu.vehicles")}</Link>
              </li>
              <li>
                <Link to={paths.visits.path}>{t("common:menu.visits")}</Link>
              </li>
              <li>
                <Link to={paths.payments.path}>{t("common:menu.payment_method")}</Link>
              </li>
            </ul>
          </nav>
        </>
      )}
    </Page>
  );
}

/** The open visit: where, which car, since when, the fee ticking, and Pay (or Settle when it is unpaid). */
function ActiveVisitCard({ visit, fetchedAt }: { visit: VisitDetail; fetchedAt: number }) {
  const { t, money } = useParkingFormat();
  const live = useLiveQuote(visit, fetchedAt);
  const unpaid = visit.status === "pending_payment";
  // A ticketless lot charges the card when the exit camera reads the plate: paying first is optional.
  const chargedAtExit = visit.location.freeflow && visit.status === "in_progress";
  const checkoutPath = pathTo("checkout", { uuid: visit.uuid });
  return (
    <section
      className={`card active-visit${unpaid ? " active-visit-unpaid" : ""}`}
      aria-labelledby="active-visit-title"
    >
      <h2 id="active-visit-title">{unpaid ? t("dashboard.pending_title") : t("dashboard.active_title")}</h2>
      <p className="active-visit-location">{visit.location.name}</p>
      <p>
        <span className="plate-badge">{visit.vehicle.plate}</span> <VisitStatusBadge status={visit.status} />
      </p>
      {unpaid && <p>{t("dashboard.pending_text")}</p>}
      {chargedAtExit && <p>{t("dashboard.freeflow_exit")}</p>}
      {live && <LiveFee visit={visit} live={live} />}
      <div className="form-actions">
        <Link className="button button-primary" to={checkoutPath}>
          {unpaid && live
            ? t("dashboard.settle", { amount: money(live.breakdown.total, live.breakdown.currency) })
            : chargedAtExit
              ? t("dashboard.pay_now")
              : t("dashboard.pay")}
        </Link>
        <Link className="button button-secondary" to={pathTo("visit", { uuid: visit.uuid })}>
          {t("dashboard.details")}
        </Link>
      </div>
    </section>
  );
}

/** An older unpaid stay: prominent, with Settle. */
function UnpaidSummaryCard({ visit }: { visit: VisitSummary }) {
  const { t, money } = useParkingFormat();
  return (
    <section className="card active-visit active-visit-unpaid" aria-label={t("dashboard.pending_title")}>
      <h2>{t("dashboard.pending_title")}</h2>
      <p className="active-visit-location">{visit.location.name}</p>
      <p>
        <span className="plate-badge">{visit.vehicle.plate}</span> <VisitStatusBadge status={visit.status} />
      </p>
      <p>{t("dashboard.pending_text")}</p>
      <Link className="button button-primary" to={pathTo("checkout", { uuid: visit.uuid })}>
        {t("dashboard.settle", { amount: money(visit.total, visit.currency) })}
      </Link>
    </section>
  );
}
