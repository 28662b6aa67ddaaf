import type { VisitDetail } from "@estaciona/contracts/schemas/parking";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { LiveFee, useLiveQuote } from "../../../components/parking/live-fee.tsx";
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
  const { t, money, duration, dateTime, card } = useParkingFormat();
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

      <section className="card" aria-labelledby="visit-payments-title">
        <h2 id="visit-payments-title">{t("visit.payments_title")}</h2>
        {visit.payments.length === 0 ? (
          <p className="muted">{t("visit.no_payments")}</p>
        ) : (
          <ul className="ledger-list">
            {visit.payments.map((payment) => (
              <li key={payment.uuid} className="ledger-row">
                <span>
                  {t(`ledger.${payment.kind === "refund" ? "refund" : "charge"}`)} ·{" "}
                  <span className={`ledger-status ledger-${payment.status}`}>{ledgerStatus(t, payment.status)}</span>
                  <br />
                  <span className="muted">
                    {dateTime(payment.created_at, zone)}
                    {payment.card && ` · ${card(payment.card)}`}
                  </span>
                </span>
                <span className="ledger-amount">{money(payment.amount, payment.currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

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

const LEDGER_STATUSES = ["pending", "succeeded", "failed", "requires_action", "refunded"] as const;

/** The ledger's status in words; the server's list may grow, so an unknown one shows as is. */
function ledgerStatus(t: ReturnType<typeof useParkingFormat>["t"], status: string): string {
  const known = LEDGER_STATUSES.find((value) => value === status);
  return known ? t(`ledger.${known}`) : status;
}
