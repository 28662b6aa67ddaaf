import type { VisitPayment } from "@estaciona/contracts/schemas/parking";
import { withWalletName } from "@estaciona/contracts/wallets";
import { useParkingFormat } from "./format.ts";

const LEDGER_STATUSES = ["pending", "succeeded", "failed", "requires_action", "refunded"] as const;

/** The charges and refunds of a visit, event visit or valet ticket, on the place's clock. */
export function PaymentHistory({ payments, timeZone }: { payments: VisitPayment[]; timeZone: string }) {
  const { t, money, dateTime, card } = useParkingFormat();
  // The server's list of statuses may grow: an unknown one shows as is.
  const status = (value: string) => {
    const known = LEDGER_STATUSES.find((candidate) => candidate === value);
    return known ? t(`ledger.${known}`) : value;
  };
  return (
    <section className="card" aria-labelledby="visit-payments-title">
      <h2 id="visit-payments-title">{t("visit.payments_title")}</h2>
      {payments.length === 0 ? (
        <p className="muted">{t("visit.no_payments")}</p>
      ) : (
        <ul className="ledger-list">
          {payments.map((payment) => (
            <li key={payment.uuid} className="ledger-row">
              <span>
                {t(`ledger.${payment.kind === "refund" ? "refund" : "charge"}`)} ·{" "}
                <span className={`ledger-status ledger-${payment.status}`}>{status(payment.status)}</span>
                <br />
                <span className="muted">
                  {dateTime(payment.created_at, timeZone)}
                  {payment.card && ` · ${withWalletName(payment.card.wallet, card(payment.card))}`}
                </span>
              </span>
              <span className="ledger-amount">{money(payment.amount, payment.currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
