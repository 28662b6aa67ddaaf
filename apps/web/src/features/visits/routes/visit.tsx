import type { VisitDetail } from "@estaciona/contracts/schemas/parking";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { LiveFee, useLiveQuote } from "../../../components/parking/live-fee.tsx";
import { PaymentHistory } from "../../../components/parking/payment-history.tsx";
import { VisitStatusBadge } from "../../../components/parking/status-badge.tsx";
import { pathTo } from "../../../config/paths.ts";
import { visitQuery } from "../api/visits.ts";
import "../../../lib/catalogues/parking.ts";
import "../../../lib/catalogues/screens.ts";

/** /visita/{uuid}: where, which vehicle, when, how long, what it costs (or cost), the payments and the receipt. */
export default function VisitScreen() {
  const { uuid = "" } = useParams();
  const { t } = useParkingFormat();
  const visit = useQuery(visitQuery(uuid));
  return (
    <Page title={t("screens:visit.title")}>
      {visit.data ? <VisitDetailView visit={visit.data} fetchedAt={visit.dataUpdatedAt} /> : <LoadingSection />}
    </Page>
  );
}

export function VisitDetailView({ visit, fetchedAt }: { visit: VisitDetail; fetchedAt: number }) {
  const { t, duration, dateTime } = useParkingFormat();
  const { i18n } = useTranslation();
  const live = useLiveQuote(visit, fetchedAt);
  const zone = visit.location.time_zone;
  const open = visit.status !== "finished";
  const rows: [string, React.ReactNode][] = [
    [
      t("visit.location"),
      <>
        {visit.location.name}
        <br />
        <span className="muted">{visit.location.address}</span>
      </>,
    ],
    [
      t("visit.vehicle"),
      <span key="plate" className="plate-badge">
        {visit.vehicle.plate}
      </span>,
    ],
    [t("visit.entered_at"), dateTime(visit.entered_at, zone)],
    [t("visit.exited_at"), visit.exited_at ? dateTime(visit.exited_at, zone) : t("visit.not_yet")],
    [t("visit.duration"), duration(live?.durationMinutes ?? visit.duration_minutes)],
  ];
  if (visit.paid_at) rows.push([t("visit.paid_at"), dateTime(visit.paid_at, zone)]);
  if (visit.exit_deadline && !visit.exited_at)
    rows.push([t("visit.exit_deadline"), dateTime(visit.exit_deadline, zone)]);

  return (
    <div className="visit-detail">
      <div className="visit-detail-status">
        <VisitStatusBadge status={visit.status} />
        {visit.source === "device" && <span className="muted">{t("visit.source_device")}</span>}
      </div>
      <dl className="detail-list">
        {rows.map(([label, value]) => (
          <div key={label} className="detail-list-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      {open && live && (
        <section className="card" aria-labelledby="visit-quote-title">
          <h2 id="visit-quote-title">{t("visit.quote_title")}</h2>
          {visit.status === "in_progress" && <LiveFee visit={visit} live={live} />}
          <FeeBreakdown amounts={live.breakdown} />
          <Link className="button button-primary button-block" to={pathTo("checkout", { uuid: visit.uuid })}>
            {t("visit.pay")}
          </Link>
        </section>
      )}

      {visit.amounts && (
        <section className="card" aria-labelledby="visit-amounts-title">
          <h2 id="visit-amounts-title">{t("visit.amounts_title")}</h2>
          {visit.amounts.total === 0 ? <p>{t("visit.free_stay")}</p> : <FeeBreakdown amounts={visit.amounts} />}
        </section>
      )}

      <PaymentHistory payments={visit.payments} timeZone={zone} />

      {visit.receipt && (
        <Link className="button button-secondary button-block" to={pathTo("visitReceipt", { uuid: visit.uuid })}>
          {t("visit.receipt_link")}
        </Link>
      )}
      {visit.receipt && visit.amounts?.currency === "mxn" && i18n.language === "es" && (
        <Link className="button button-secondary button-block" to={pathTo("billing")}>
          {t("visit.invoice_link")}
        </Link>
      )}
    </div>
  );
}
