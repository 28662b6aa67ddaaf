import type { PaymentSummary } from "@estaciona/contracts/schemas/operator";
import { Link } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { StatusPill } from "./status-pill.tsx";
import { TableScroller } from "./table-scroller.tsx";

/** Charges in a table: when, where, plate, phone, product and what paid it, status and amount; each opens its ledger lines. */
export function PaymentTable({ payments, caption }: { payments: PaymentSummary[]; caption: string }) {
  const { t, money, when, phone, product, paymentMethod, paymentStatus } = useConsoleFormat();
  return (
    <TableScroller label={caption}>
      <table className="console-table console-table-stacked">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("payments.when")}</th>
            <th scope="col">{t("payments.location")}</th>
            <th scope="col">{t("payments.plate")}</th>
            <th scope="col">{t("payments.phone")}</th>
            <th scope="col">{t("payments.product")}</th>
            <th scope="col">{t("payments.status")}</th>
            <th scope="col" className="amount">
              {t("payments.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.uuid}>
              <td data-label={t("payments.when")}>
                <Link to={pathTo("operatorPayment", { uuid: payment.uuid })}>{when(payment.created_at)}</Link>
              </td>
              <td data-label={t("payments.location")}>{payment.location?.name ?? "—"}</td>
              <td data-label={t("payments.plate")}>
                {payment.plate ? <span className="plate-badge">{payment.plate}</span> : "—"}
              </td>
              <td data-label={t("payments.phone")}>{phone(payment.phone)}</td>
              <td data-label={t("payments.product")}>
                {product(payment.product)}
                <br />
                <span className="muted">{paymentMethod(payment)}</span>
              </td>
              <td data-label={t("payments.status")}>
                <StatusPill status={payment.status} label={paymentStatus(payment.status, payment.rail)} />
              </td>
              <td className="amount" data-label={t("payments.amount")}>
                {money(payment.amount, payment.currency)}
                {payment.refunded > 0 && (
                  <>
                    <br />
                    <span className="muted">
                      {t("payments.refunded_amount", { amount: money(payment.refunded, payment.currency) })}
                    </span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
