import type { Tx } from "../../db/database.ts";
import { enqueue } from "../jobs/queue.ts";
import { type PaymentRow, registerPayable } from "../payments/ledger.ts";
import {
  cancelPendingSession,
  extendSessionIfAt,
  lockSessionOfPurchase,
  settlePurchaseIfPending,
} from "./repository.ts";

/** The payable the ledger charges for each purchase of meter time. */
export const PAYABLE_METER_PURCHASE = "meter_purchase";
/** Jobs: the reminder before a session ends and the notice when it has. */
export const JOB_METER_REMINDER = "meters.reminder";
export const JOB_METER_EXPIRED = "meters.expired";

const MINUTE_MS = 60_000;

/**
 * How the ledger moves a purchase when its charge settles (the pay call, a 3-D Secure return or
 * the reconciliation job): success pays the session until the purchase's end and schedules its
 * reminder and expiry notice; a decline or an abandoned attempt leaves the session as it was (a
 * first purchase's session is cancelled).
 */
export function registerMeterPayable(reminderMinutes: () => number): void {
  registerPayable(PAYABLE_METER_PURCHASE, {
    lockPayable: lockSessionOfPurchase,
    async onSucceeded(tx: Tx, payment: PaymentRow) {
      const purchase = await settlePurchaseIfPending(tx, payment.payable_id, "paid", payment.updated_at);
      if (!purchase) return;
      await extendSessionIfAt(tx, purchase.session_id, purchase.ends_before, purchase.ends_after, payment.updated_at);
      const payload = { sessionId: purchase.session_id, endsAt: purchase.ends_after };
      const remindAt = Date.parse(purchase.ends_after) - reminderMinutes() * MINUTE_MS;
      if (remindAt > Date.now())
        await enqueue(tx, JOB_METER_REMINDER, payload, {
          runAt: new Date(remindAt).toISOString(),
          dedupeKey: `meter-reminder:${purchase.session_id}:${purchase.ends_after}`,
        });
      await enqueue(tx, JOB_METER_EXPIRED, payload, {
        runAt: purchase.ends_after,
        dedupeKey: `meter-expired:${purchase.session_id}:${purchase.ends_after}`,
      });
    },
    async onFailed(tx: Tx, payment: PaymentRow) {
      const purchase = await settlePurchaseIfPending(tx, payment.payable_id, "failed", payment.updated_at);
      if (purchase) await cancelPendingSession(tx, purchase.session_id, payment.updated_at);
    },
  });
}
