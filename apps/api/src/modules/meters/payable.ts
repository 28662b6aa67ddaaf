import type { Tx } from "../../db/database.ts";
import { enqueue } from "../jobs/queue.ts";
import { type PaymentRow, registerPayable } from "../payments/ledger.ts";
import { type PreferenceDefaults, preferencesOf, reminderTime } from "../reminders/index.ts";
import {
  cancelPendingSession,
  extendSessionIfAt,
  findSession,
  findZone,
  lockSessionOfPurchase,
  settlePurchaseIfPending,
} from "./repository.ts";

/** The payable the ledger charges for each purchase of meter time. */
export const PAYABLE_METER_PURCHASE = "meter_purchase";
/** Jobs: the reminder before a session ends and the notice when it has. */
export const JOB_METER_REMINDER = "meters.reminder";
export const JOB_METER_EXPIRED = "meters.expired";

/**
 * How the ledger moves a purchase when its charge settles (the pay call, a 3-D Secure return or
 * the reconciliation job): success pays the session until the purchase's end and schedules its
 * reminder (the driver's lead time, outside their quiet hours on the zone's clock: the reminders
 * module) and expiry notice; a decline or an abandoned attempt leaves the session as it was (a
 * first purchase's session is cancelled).
 */
export function registerMeterPayable(deps: PreferenceDefaults): void {
  registerPayable(PAYABLE_METER_PURCHASE, {
    lockPayable: lockSessionOfPurchase,
    async onSucceeded(tx: Tx, payment: PaymentRow) {
      const purchase = await settlePurchaseIfPending(tx, payment.payable_id, "paid", payment.updated_at);
      if (!purchase) return;
      await extendSessionIfAt(tx, purchase.session_id, purchase.ends_before, purchase.ends_after, payment.updated_at);
      const payload = { sessionId: purchase.session_id, endsAt: purchase.ends_after };
      const session = await findSession(tx, purchase.session_id);
      const zone = session ? await findZone(tx, session.location_id) : undefined;
      const preferences = await preferencesOf({ db: tx, config: deps.config }, purchase.user_id);
      const remindAt = zone
        ? reminderTime(Date.parse(purchase.ends_after), preferences, zone.time_zone, "earlier")
        : null;
      if (remindAt !== null)
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
