import type { SubscriptionPayment } from "@estaciona/contracts/schemas/subscriptions";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { usePassFormat } from "../lib/format.ts";

const LEDGER_STATUSES = ["pending", "succeeded", "failed", "requires_action", "refunded"] as const;

/**
 * A pass's charges and refunds, newest first, with their outcome and card, each at its time on
 * its lot's clock; a paid Mexican charge offers its invoice (in Spanish only: billing is hidden
 * in English, docs/product/screens-and-routes.md).
 */
export function PassPayments({ payments, withPlan = false }: { payments: SubscriptionPayment[]; withPlan?: boolean }) {
  const { t, money, dateTime, card } = usePassFormat();
  const { i18n } = useTranslation();
  const invoiceable = (payment: SubscriptionPayment) =>
    payment.kind !== "refund" && payment.status === "succeeded" && payment.currency === "mxn" && i18n.language === "es";
  // A reference's charge reads as the reference does (waiting for the driver's cash or transfer, not
  // their bank; expired or voided, not declined); paid, as any charge.
  const status = (payment: SubscriptionPayment) => {
    const reference = payment.reference_status;
    if (reference && reference !== "paid") return t(`subscriptions:history.reference_${reference}`);
    const known = LEDGER_STATUSES.find((candidate) => candidate === payment.status);
    return known ? t(`parking:ledger.${known}`) : payment.status;
  };
  const paidBy = (payment: SubscriptionPayment) =>
    payment.rail === "oxxo" || payment.rail === "spei"
      ? t(`parking:receipt.rail_${payment.rail}`)
      : payment.card && card(payment.card);
  return (
    <ul className="ledger-list">
      {payments.map((payment) => (
        <li key={payment.uuid} className="ledger-row">
          <span>
            {withPlan
              ? t("subscriptions:history.charge_row", { plan: payment.plan_name, period: payment.period })
              : t(`subscriptions:detail.${payment.kind === "refund" ? "refund" : "charge"}`)}{" "}
            · <span className={`ledger-status ledger-${payment.status}`}>{status(payment)}</span>
            <br />
            <span className="muted">
              {dateTime(payment.created_at, payment.time_zone)}
              {paidBy(payment) && ` · ${paidBy(payment)}`}
            </span>
            {invoiceable(payment) && (
              <>
                <br />
                <Link to={pathTo("billing")}>{t("parking:visit.invoice_link")}</Link>
              </>
            )}
          </span>
          <span className="ledger-amount">
            {payment.kind === "refund" ? "−" : ""}
            {money(payment.amount, payment.currency)}
          </span>
        </li>
      ))}
    </ul>
  );
}
