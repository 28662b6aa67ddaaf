import type { SubscriptionDetail } from "@estaciona/contracts/schemas/subscriptions";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useAwaitingReference, WaitingReference } from "../../payment-references/index.ts";
import { rememberReturnPath } from "../../payments/index.ts";
import { ReceiptLinks } from "../../receipts/index.ts";
import { cancelPass, payPass, refreshPasses } from "../api/subscriptions.ts";
import { usePassFormat } from "../lib/format.ts";
import { PassOutlook } from "./pass-list.tsx";
import { PassPayments } from "./pass-payments.tsx";
import { PassStatusBadge } from "./pass-status.tsx";

const WAITING_FOR_MONEY = ["incomplete", "past_due", "unpaid"];

/**
 * One of the driver's passes: status, vehicle, the period in force with its exact last day, the
 * next charge, every period and payment; cancel (the confirmation names the last day: the end of
 * the period for an active pass, at once for one not active yet) and pay now when a payment is due.
 */
export function PassDetail({ pass, justBought }: { pass: SubscriptionDetail; justBought: boolean }) {
  const { t, money, day, dateTime } = usePassFormat();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const payKey = useRef<string | null>(null);
  const onReferencePaid = useCallback(() => void refreshPasses(queryClient), [queryClient]);
  // A reference waiting for cash or a transfer is how this period is being paid: no card actions beside it (0342).
  const waitingReference = useAwaitingReference(pass.payments);
  const byCard = waitingReference === "none";
  const zone = pass.location.time_zone;
  const current = pass.periods.find((period) => period.last_day === pass.current_last_day) ?? pass.periods.at(-1);
  const cancellable = !pass.cancel_at_period_end && !["canceled", "expired"].includes(pass.status);
  const endsAtPeriodEnd = pass.status === "active" || pass.status === "past_due";

  const cancel = async () => {
    setBusy(true);
    try {
      await cancelPass(pass.uuid);
      setConfirming(false);
    } finally {
      setBusy(false);
      void refreshPasses(queryClient);
    }
  };

  const payNow = async () => {
    payKey.current ??= crypto.randomUUID();
    setBusy(true);
    setFailure(null);
    try {
      const answer = await payPass(pass.uuid, payKey.current);
      payKey.current = null;
      if (answer.payment?.status === "requires_action" && answer.payment.redirect_url) {
        rememberReturnPath(pathTo("subscription", { uuid: pass.uuid }));
        window.location.assign(answer.payment.redirect_url);
        return;
      }
    } catch (error) {
      if (!(error instanceof ApiError) || !(error.status === 0 || error.status >= 500)) payKey.current = null;
      setFailure(error instanceof ApiError ? (error.description ?? errorMessage(error.code, null)) : String(error));
    } finally {
      setBusy(false);
      void refreshPasses(queryClient);
    }
  };

  const rows: [string, React.ReactNode][] = [
    [t("subscriptions:detail.plan"), `${pass.plan.name} · ${t(`subscriptions:interval_name.${pass.plan.interval}`)}`],
    [
      t("subscriptions:detail.location"),
      <>
        {pass.location.name}
        <br />
        <span className="muted">{pass.location.address}</span>
      </>,
    ],
    [
      t("subscriptions:detail.vehicle"),
      <span key="plate" className="plate-badge">
        {pass.vehicle.plate}
      </span>,
    ],
  ];
  if (current)
    rows.push([
      t("subscriptions:detail.period"),
      t("subscriptions:detail.period_range", { from: day(current.start_date), to: day(current.last_day) }),
    ]);
  if (pass.next_charge) {
    const next = { date: day(pass.next_charge.date), amount: money(pass.next_charge.total, pass.currency) };
    // A pass paid by reference is not charged: its next period's reference is sent the day before (decision 0333).
    rows.push(
      pass.renews_by === "oxxo" || pass.renews_by === "spei"
        ? [t("subscriptions:detail.next_reference"), t(`subscriptions:detail.next_reference_${pass.renews_by}`, next)]
        : [t("subscriptions:detail.next_charge"), t("subscriptions:detail.next_charge_value", next)],
    );
  }
  if (pass.ends_on) rows.push([t("subscriptions:detail.ends_on"), day(pass.ends_on)]);
  if (pass.discount) rows.push([t("subscriptions:detail.discount"), pass.discount.code]);

  const due = pass.periods.find((period) => period.status !== "paid" && period.last_day === pass.current_last_day);
  return (
    <div className="pass-detail">
      {justBought && !pass.cancel_at_period_end && (
        <p className="pass-note" role="status">
          <strong>
            {pass.status === "trial"
              ? t("subscriptions:plan.scheduled_title")
              : pass.status === "active"
                ? t("subscriptions:plan.success_title")
                : null}
          </strong>
        </p>
      )}
      <div className="visit-detail-status">
        <PassStatusBadge status={pass.status} />
        <span className="muted">
          <PassOutlook pass={pass} />
        </span>
      </div>
      {pass.cancel_at_period_end && pass.ends_on && pass.status !== "canceled" && (
        <p className="pass-note pass-ends">{t("subscriptions:detail.canceled_note", { date: day(pass.ends_on) })}</p>
      )}
      {pass.status === "incomplete" && pass.expires_at && (
        <p className="pass-note">{t("subscriptions:detail.expires_at", { time: dateTime(pass.expires_at, zone) })}</p>
      )}
      {/* Cancelling voids the next period's reference (decision 0316): once nothing waits, it is not shown as expired. */}
      {!(pass.cancel_at_period_end && waitingReference === "none") && (
        <WaitingReference payments={pass.payments} timeZone={zone} holds="pass" onPaid={onReferencePaid} />
      )}
      {pass.status === "past_due" && pass.next_retry_at && (
        <p className="pass-note">{t("subscriptions:detail.retry_at", { time: dateTime(pass.next_retry_at, zone) })}</p>
      )}
      {pass.status === "unpaid" && <p className="pass-note">{t("subscriptions:detail.paused_note")}</p>}
      <dl className="detail-list">
        {rows.map(([label, value]) => (
          <div key={label} className="detail-list-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ReceiptLinks productUuid={pass.uuid} />

      {failure && (
        <div className="pay-error" role="alert">
          <p>{failure}</p>
        </div>
      )}
      <div className="pass-actions">
        {WAITING_FOR_MONEY.includes(pass.status) && due && byCard && (
          <>
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void payNow()}>
              {t("subscriptions:detail.pay_now", { amount: money(due.amounts.total, due.amounts.currency) })}
            </button>
            <Link className="button button-secondary" to={pathTo("payments")}>
              {t("subscriptions:detail.update_card")}
            </Link>
          </>
        )}
        {cancellable && (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => setConfirming(true)}>
            {t("subscriptions:detail.cancel")}
          </button>
        )}
      </div>

      <section className="card" aria-labelledby="pass-periods-title">
        <h2 id="pass-periods-title">{t("subscriptions:detail.periods")}</h2>
        <ul className="ledger-list">
          {pass.periods.map((period) => (
            <li key={period.number} className="ledger-row">
              <span>
                {t("subscriptions:detail.period_row", {
                  number: period.number,
                  from: day(period.start_date),
                  to: day(period.last_day),
                })}
                <br />
                <span className="muted">{t(`subscriptions:detail.period_status.${period.status}`)}</span>
              </span>
              <span className="ledger-amount">{money(period.amounts.total, period.amounts.currency)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="pass-payments-title">
        <h2 id="pass-payments-title">{t("subscriptions:detail.payments")}</h2>
        {pass.payments.length === 0 ? (
          <p className="muted">{t("subscriptions:detail.no_payments")}</p>
        ) : (
          <PassPayments payments={pass.payments} />
        )}
      </section>

      <Link className="link pass-back" to={pathTo("subscriptions")}>
        {t("subscriptions:detail.back")}
      </Link>

      <ConfirmDialog
        open={confirming}
        title={t("subscriptions:detail.cancel_title")}
        message={
          endsAtPeriodEnd
            ? [
                t("subscriptions:detail.cancel_at_end", { date: day(pass.current_last_day) }),
                // An active pass's waiting reference is the next period's: cancelling voids it (decision 0316).
                pass.status === "active" && waitingReference === "awaiting"
                  ? t("subscriptions:detail.cancel_voids_reference")
                  : null,
              ]
                .filter(Boolean)
                .join(" ")
            : [
                t("subscriptions:detail.cancel_now"),
                // A pass not paid yet waits on its own reference: cancelling voids it too.
                waitingReference === "awaiting" ? t("subscriptions:detail.cancel_voids_own_reference") : null,
              ]
                .filter(Boolean)
                .join(" ")
        }
        confirmLabel={t("subscriptions:detail.cancel_confirm")}
        dismissLabel={t("subscriptions:detail.cancel_keep")}
        busy={busy}
        onConfirm={() => void cancel()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
