import { contactLine } from "@estaciona/contracts/phones";
import type { ReceiptProduct } from "@estaciona/contracts/schemas/receipts";
import { withWalletName } from "@estaciona/contracts/wallets";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { ReceiptProof } from "../../verification/index.ts";
import { receiptQuery } from "../api/receipts.ts";
import { ReceiptActions } from "../components/receipt-actions.tsx";
import "../../../lib/catalogues/parking.ts";
import "../../../components/parking/receipt.css";

/** The product screen a receipt belongs to: typed over every product, so one without a screen does not compile. */
const PRODUCT_PATHS: Record<ReceiptProduct, (uuid: string) => string> = {
  visit: (uuid) => pathTo("visit", { uuid }),
  event_visit: (uuid) => pathTo("eventVisit", { uuid }),
  meter_session: () => pathTo("meters"),
  valet_ticket: (uuid) => pathTo("valetTicket", { uuid }),
  subscription: (uuid) => pathTo("subscription", { uuid }),
  // A top-up's balance is shown on the home, `/`.
  balance: () => pathTo("login"),
};

/**
 * /recibo/{uuid}: the receipt of any paid charge (a stay, an event pass, a meter buy, a valet
 * ticket, a pass period), from the server's receipt (the ledger's amounts): the product in words,
 * operator, place, plate, times on the lot's clock, the breakdown with the tax rate, card and
 * payment reference; print, PDF and, on a Mexican lot, "request invoice". A stay that cost nothing
 * has its zero receipt here too, "Sin costo" (docs/decisions/0186).
 */
export default function ReceiptScreen() {
  const { uuid = "" } = useParams();
  const { t, money, dateTime, card } = useParkingFormat();
  const receipt = useQuery(receiptQuery(uuid)).data;

  return (
    <Page title={t("receipt.title")}>
      {!receipt ? (
        <LoadingSection />
      ) : (
        <>
          <article className="receipt" aria-labelledby="receipt-number">
            <header className="receipt-header">
              <p className="receipt-operator">{receipt.operator.name}</p>
              <h2 id="receipt-number">{t("receipt.number", { number: receipt.number })}</h2>
              <p>{receipt.title}</p>
              <p className="receipt-total" data-testid="receipt-total">
                {receipt.no_charge ? t("receipt.free") : money(receipt.amounts.total, receipt.amounts.currency)}
              </p>
              {receipt.no_charge && <p>{t("receipt.free_note")}</p>}
            </header>
            <dl className="detail-list">
              {(
                [
                  [t("receipt.issued_at"), dateTime(receipt.issued_at, receipt.location.time_zone)],
                  [t("receipt.location"), `${receipt.location.name}, ${receipt.location.address}`],
                  [t("receipt.plate"), receipt.plate ?? "—"],
                  [t("receipt.starts_at"), dateTime(receipt.starts_at, receipt.location.time_zone)],
                  [t("receipt.ends_at"), dateTime(receipt.ends_at, receipt.location.time_zone)],
                  [
                    t("receipt.card"),
                    receipt.card
                      ? withWalletName(receipt.card.wallet, card(receipt.card))
                      : receipt.rail
                        ? t(`receipt.rail_${receipt.rail}`)
                        : t("receipt.no_charge"),
                  ],
                  [t("receipt.payment_reference"), receipt.no_charge ? "—" : receipt.payment_uuid],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="detail-list-row">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <FeeBreakdown
              amounts={receipt.amounts}
              taxRateBp={receipt.tax_rate_bp}
              discount={receipt.discount}
              tip={receipt.tip ? { label: t("receipt.tip"), amount: receipt.tip } : undefined}
            />
            {(receipt.operator.contact_email || receipt.operator.contact_phone) && (
              <p className="muted">
                {t("receipt.operator")}: {receipt.operator.name} · {t("receipt.contact")}:{" "}
                {contactLine(receipt.operator)}
              </p>
            )}
          </article>
          <ReceiptProof
            paymentUuid={receipt.payment_uuid}
            number={receipt.number}
            timeZone={receipt.location.time_zone}
          />
          <div className="form-actions receipt-actions">
            <ReceiptActions paymentUuid={receipt.payment_uuid} invoiceable={receipt.invoiceable} />
            <Link className="button button-secondary" to={PRODUCT_PATHS[receipt.product.kind](receipt.product.uuid)}>
              {t("receipt.back_to_product")}
            </Link>
            <Link className="button button-secondary" to={pathTo("receipts")}>
              {t("history.link")}
            </Link>
          </div>
        </>
      )}
    </Page>
  );
}
