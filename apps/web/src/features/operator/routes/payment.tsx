import { formatMinorUnits, parseMinorUnits } from "@estaciona/contracts/money";
import type { PaymentDetail } from "@estaciona/contracts/schemas/operator";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { consoleLists, paymentQuery, refundPayment } from "../api/operator.ts";
import { StatusPill } from "../components/status-pill.tsx";
import { TableScroller } from "../components/table-scroller.tsx";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";

/** /operador/pagos/{uuid}: a payment, its ledger lines (the charge and its refunds), and a refund. */
export default function PaymentScreen() {
  const { uuid = "" } = useParams();
  const { t } = useConsoleFormat();
  const payment = useQuery(paymentQuery(uuid));
  return (
    <Page title={t("payment.title")}>{payment.data ? <PaymentView payment={payment.data} /> : <LoadingSection />}</Page>
  );
}

function PaymentView({ payment }: { payment: PaymentDetail }) {
  const { t, money, when, phone, product, paymentMethod, paymentStatus } = useConsoleFormat();
  const rows: [string, React.ReactNode][] = [
    [t("payments.amount"), money(payment.amount, payment.currency)],
    [t("payment.refunded"), money(payment.refunded, payment.currency)],
    [
      t("payments.status"),
      <StatusPill key="status" status={payment.status} label={paymentStatus(payment.status, payment.rail)} />,
    ],
    [t("payments.product"), product(payment.product)],
    [t("payments.paid_with"), paymentMethod(payment)],
    [t("payments.location"), payment.location?.name ?? "—"],
    [t("payments.plate"), payment.plate ?? "—"],
    [
      t("payments.phone"),
      <Link key="driver" to={pathTo("operatorDriver", { uuid: payment.driver_uuid })}>
        {phone(payment.phone)}
      </Link>,
    ],
    [t("payments.when"), when(payment.created_at)],
    [t("payment.description"), payment.description],
  ];
  return (
    <>
      <dl className="detail-list card">
        {rows.map(([label, value]) => (
          <div key={label} className="detail-list-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section className="card" aria-labelledby="ledger-title">
        <h2 id="ledger-title" className="section-title">
          {t("payment.ledger_title")}
        </h2>
        <TableScroller label={t("payment.ledger_title")}>
          <table className="console-table console-table-stacked" data-testid="ledger-lines">
            <thead>
              <tr>
                <th scope="col">{t("payments.when")}</th>
                <th scope="col">{t("payment.kind")}</th>
                <th scope="col">{t("payments.status")}</th>
                <th scope="col" className="amount">
                  {t("payment.subtotal")}
                </th>
                <th scope="col" className="amount">
                  {t("payment.fees")}
                </th>
                <th scope="col" className="amount">
                  {t("payment.tax")}
                </th>
                <th scope="col" className="amount">
                  {t("payments.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {payment.lines.map((line) => (
                <tr key={line.uuid} data-kind={line.kind}>
                  <td data-label={t("payments.when")}>{when(line.created_at)}</td>
                  <td data-label={t("payment.kind")}>
                    {t(`payment.kind_${line.kind}`)}
                    {line.kind === "refund" && <div className="muted">{line.description}</div>}
                  </td>
                  <td data-label={t("payments.status")}>
                    <StatusPill
                      status={line.status}
                      label={
                        line.kind === "refund" && line.status === "succeeded"
                          ? t("payment.refund_done")
                          : paymentStatus(line.status, payment.rail)
                      }
                    />
                  </td>
                  <td className="amount" data-label={t("payment.subtotal")}>
                    {money(line.subtotal, payment.currency)}
                  </td>
                  <td className="amount" data-label={t("payment.fees")}>
                    {money(line.convenience_fee + line.processing_fee, payment.currency)}
                  </td>
                  <td className="amount" data-label={t("payment.tax")}>
                    {money(line.tax, payment.currency)}
                  </td>
                  <td className="amount" data-label={t("payments.amount")}>
                    {money(line.kind === "refund" ? -line.amount : line.amount, payment.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </section>
      {/* Keyed by what is left, so a done refund starts a fresh form. */}
      {payment.refundable > 0 && <RefundForm key={payment.refundable} payment={payment} />}
    </>
  );
}

/**
 * A refund of all or part of what is left. The operator confirms first; the confirmed refund keeps
 * one Idempotency-Key, so pressing again after a network failure can never refund twice.
 */
function RefundForm({ payment }: { payment: PaymentDetail }) {
  const { t, money, phone } = useConsoleFormat();
  const [amountText, setAmountText] = useState(formatMinorUnits(payment.refundable).replace(/,/g, ""));
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [attemptKey, setAttemptKey] = useState<string | null>(null);
  const amount = parseMinorUnits(amountText);
  const amountError =
    amount === null || amount <= 0 || amount > payment.refundable
      ? t("payment.refund_amount_invalid", { max: money(payment.refundable, payment.currency) })
      : undefined;
  const refund = useConsoleMutation({
    mutationFn: (key: string) => refundPayment(payment.uuid, { amount: amount ?? 0, reason: reason.trim() }, key),
    // The payment's lines and what is left to refund, the search's row, and the day's revenue.
    invalidates: [consoleLists.payment, consoleLists.payments, consoleLists.today],
    onSuccess: () => setConfirming(false),
    success: () => t("payment.refunded_toast"),
  });
  const [submitted, setSubmitted] = useState(false);
  return (
    <form
      className="card form"
      aria-labelledby="refund-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (amountError || !reason.trim()) return;
        setAttemptKey((current) => current ?? crypto.randomUUID());
        setConfirming(true);
      }}
    >
      <h2 id="refund-title" className="section-title">
        {t("payment.refund_title")}
      </h2>
      <p className="muted">{t("payment.refundable", { amount: money(payment.refundable, payment.currency) })}</p>
      <FormField label={t("payment.refund_amount")} error={submitted ? amountError : undefined}>
        {(control) => (
          <input
            {...control}
            className="input"
            inputMode="decimal"
            name="amount"
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              setAttemptKey(null);
            }}
          />
        )}
      </FormField>
      <FormField
        label={t("payment.refund_reason")}
        error={submitted && !reason.trim() ? t("payment.refund_reason_required") : undefined}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            name="reason"
            maxLength={250}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="button button-primary">
        {t("payment.refund")}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t("payment.refund_confirm_title")}
        message={t("payment.refund_confirm", {
          amount: money(amount ?? 0, payment.currency),
          phone: phone(payment.phone),
        })}
        confirmLabel={t("payment.refund")}
        busy={refund.isPending}
        onConfirm={() => attemptKey && refund.mutate(attemptKey)}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}
