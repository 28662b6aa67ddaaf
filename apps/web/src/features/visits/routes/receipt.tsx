import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { visitQuery } from "../api/visits.ts";
import "../../../lib/catalogues/parking.ts";
import "../../../components/parking/receipt.css";
import { ReceiptActions } from "../../receipts/index.ts";

/**
 * /visita/{uuid}/recibo: the printable receipt of a paid visit, from the server's receipt (the
 * ledger's amounts, never recomputed here): operator, location, plate, entry, settlement,
 * duration, breakdown with the tax rate, card and payment reference. Print CSS keeps only the
 * receipt on paper.
 */
export default function ReceiptScreen() {
  const { uuid = "" } = useParams();
  const { t, money, duration, dateTime, card } = useParkingFormat();
  const visit = useQuery(visitQuery(uuid));
  const receipt = visit.data?.receipt ?? null;
  const visitPath = pathTo("visit", { uuid });

  return (
    <Page title={t("receipt.title")}>
      {!visit.data ? (
        <LoadingSection />
      ) : !receipt ? (
        <>
          <EmptyState>{t("receipt.not_ready")}</EmptyState>
          <Link className="link" to={visitPath}>
            {t("receipt.back")}
          </Link>
        </>
      ) : (
        <>
          <article className="receipt" aria-labelledby="receipt-number">
            <header className="receipt-header">
              <p className="receipt-operator">{receipt.operator.name}</p>
              <h2 id="receipt-number">{t("receipt.number", { number: receipt.number })}</h2>
              <p className="receipt-total" data-testid="receipt-total">
                {money(receipt.amounts.total, receipt.amounts.currency)}
              </p>
            </header>
            <dl className="detail-list">
              {(
                [
                  [t("receipt.issued_at"), dateTime(receipt.issued_at, visit.data.location.time_zone)],
                  [t("visit.location"), `${receipt.location.name}, ${receipt.location.address}`],
                  [t("receipt.plate"), receipt.plate],
                  [t("visit.entered_at"), dateTime(receipt.entered_at, visit.data.location.time_zone)],
                  [t("visit.paid_at"), dateTime(receipt.settled_at, visit.data.location.time_zone)],
                  [t("visit.duration"), duration(receipt.duration_minutes)],
                  [t("receipt.card"), receipt.card ? card(receipt.card) : t("receipt.no_charge")],
                  [t("receipt.payment_reference"), receipt.payment_uuid ?? "—"],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="detail-list-row">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <FeeBreakdown amounts={receipt.amounts} taxRateBp={receipt.tax_rate_bp} />
            {(receipt.operator.contact_email || receipt.operator.contact_phone) && (
              <p className="muted">
                {t("receipt.operator")}: {receipt.operator.name} · {t("receipt.contact")}:{" "}
                {[receipt.operator.contact_email, receipt.operator.contact_phone].filter(Boolean).join(" · ")}
              </p>
            )}
          </article>
          <div className="form-actions receipt-actions">
            {receipt.payment_uuid ? (
              <ReceiptActions paymentUuid={receipt.payment_uuid} invoiceable={receipt.amounts.currency === "mxn"} />
            ) : (
              <button type="button" className="button button-primary" onClick={() => window.print()}>
                {t("receipt.print")}
              </button>
            )}
            <Link className="button button-secondary" to={visitPath}>
              {t("receipt.back")}
            </Link>
          </div>
        </>
      )}
    </Page>
  );
}
