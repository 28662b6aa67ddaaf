import { formatMoney } from "@estaciona/contracts/money";
import { translate } from "@estaciona/i18n";
import type { Tx } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { enqueue } from "../jobs/queue.ts";
import { JobRetryLater } from "../jobs/worker.ts";
import type { MessageDeps } from "../parking/visits/messages.ts";
import type { LedgerDeps, PaymentRow } from "../payments/ledger.ts";
import { refundPayment } from "../payments/ledger.ts";
import { findUserById } from "../users/repository.ts";
import {
  findEventById,
  findEventVisitById,
  findPaidChargeOf,
  listVisitsToRefund,
  markEventVisitRefunded,
} from "./repository.ts";

/** Tells a driver their event parking was refunded; enqueued by the refund's own transaction. */
export const JOB_REFUND_NOTICE = "events.refund_notice";
const RETRY_PENDING_REFUND_SECONDS = 60;

/**
 * The ledger's `onRefunded` for an event visit: the place is let go and the driver will be told,
 * in the same transaction as the refund, so the notice goes out once and only for money returned.
 */
export async function recordRefund(tx: Tx, refund: PaymentRow): Promise<void> {
  const visit = await markEventVisitRefunded(tx, refund.payable_id, refund.updated_at);
  if (visit)
    await enqueue(tx, JOB_REFUND_NOTICE, { visitId: visit.id }, { dedupeKey: `event-refund-notice:${visit.id}` });
}

/**
 * The job after an event is cancelled: every paid visit's charge is refunded in full through the
 * ledger. Exactly once even when two workers run it at the same time: the ledger allows one refund
 * in flight per charge (a unique index) and refuses to refund a charge already refunded
 * (`invalid_refund`), which is how a visit refunded by the other worker is passed over. A refund
 * whose outcome is not known yet is retried later; the reconciliation settles it meanwhile.
 */
export async function refundCancelledEvent(deps: LedgerDeps, eventId: string): Promise<void> {
  const event = await findEventById(deps.db, eventId);
  if (event?.status !== "cancelled") return;
  let unsettled = 0;
  for (const { id } of await listVisitsToRefund(deps.db, eventId)) {
    const charge = await findPaidChargeOf(deps.db, id);
    if (!charge || charge.status === "refunded") continue;
    try {
      const result = await refundPayment(deps, {
        paymentId: charge.id,
        reason: `event cancelled: ${event.name}`,
        idempotencyKey: `event-cancel:${id}`,
      });
      if (result.status !== "succeeded") unsettled += 1;
    } catch (error) {
      if (error instanceof AppError && error.code === "invalid_refund") continue;
      // Another refund of the charge is in flight (an operator's): this visit is looked at again later.
      if (error instanceof AppError && error.code === "action_not_available") unsettled += 1;
      else throw error;
    }
  }
  if (unsettled > 0) throw new JobRetryLater(RETRY_PENDING_REFUND_SECONDS);
}

/** The SMS that says the event was cancelled and how much went back to the card, in the driver's language. */
export async function sendRefundNotice(deps: MessageDeps, visitId: string): Promise<void> {
  const visit = await findEventVisitById(deps.db, visitId);
  if (!visit) return;
  const [user, event] = await Promise.all([
    findUserById(deps.db, visit.user_id),
    findEventById(deps.db, visit.event_id),
  ]);
  if (!user || !event) return;
  const body =
    translate(user.locale, "events.refund_sms", {
      event: event.name,
      amount: formatMoney(visit.total, visit.currency),
    }) ?? "";
  await deps.providers.sms.send({ to: user.phone, channel: "sms", body });
}
