import type { SubscriptionDetail } from "@estaciona/contracts/schemas/subscriptions";
import { LIVE_SUBSCRIPTION_STATUSES } from "@estaciona/contracts/schemas/subscriptions";
import { type Db, type Executor, inTransaction } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { recordAudit } from "../operator/audit.ts";
import { type OperatorScope, reachable } from "../operator/scope.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import { refundPayment } from "../payments/ledger.ts";
import { refundedAmountOf } from "../payments/repository.ts";
import type { BillingDeps } from "./billing.ts";
import { presentDetail, presentPayment, presentSummaries } from "./presenter.ts";
import { voidPeriodReference } from "./renewal-reference-void.ts";
import {
  findSubscriptionById,
  findSubscriptionOfUser,
  hasUncanceledLivePass,
  listSubscriptionsOfUser,
  lockSubscription,
  updateSubscriptionRow,
} from "./repository/passes.ts";
import { findSucceededChargeOfPeriod, listLedgerRowsOfPasses, listPeriodsOf } from "./repository/periods.ts";
import { releaseRedemption } from "./repository/promo-codes.ts";
import { AFTER_REFUND, cancellation } from "./status.ts";

/** A driver's passes once bought: reading them, cancelling, the operator's refund, the rules other modules ask. */

export async function requireSubscriptionOfUser(db: Executor, userId: string, subscriptionId: string) {
  const subscription = await findSubscriptionOfUser(db, userId, subscriptionId);
  if (!subscription) throw new AppError("object_not_found");
  return subscription;
}

export async function listSubscriptions(db: Executor, userId: string, status?: "current" | "past") {
  const statuses =
    status === "current"
      ? LIVE_SUBSCRIPTION_STATUSES
      : status === "past"
        ? (["canceled", "expired"] as const)
        : undefined;
  return presentSummaries(db, await listSubscriptionsOfUser(db, userId, statuses));
}

export async function listSubscriptionPayments(db: Executor, userId: string) {
  return (await listLedgerRowsOfPasses(db, { userId })).map(presentPayment);
}

export async function getSubscription(
  db: Executor,
  userId: string,
  subscriptionId: string,
): Promise<SubscriptionDetail> {
  return presentDetail(db, await requireSubscriptionOfUser(db, userId, subscriptionId));
}

/**
 * `POST user/subscription/{uuid}/cancel`: an active or past-due pass ends after its current
 * period's last day (no renewal, no refund); one not active yet (`trial`, `incomplete`) or paused
 * (`unpaid`) ends at once — nothing of it was paid (a first charge still settling is refunded when
 * it lands).
 */
export async function cancelSubscription(db: Db, userId: string, subscriptionId: string): Promise<SubscriptionDetail> {
  await requireSubscriptionOfUser(db, userId, subscriptionId);
  const updated = await inTransaction(db, async (tx) => {
    const subscription = await lockSubscription(tx, subscriptionId);
    if (!subscription) throw new AppError("object_not_found");
    const now = nowIso();
    const move = cancellation(subscription);
    if (move.kind === "refused") throw new AppError("subscription_already_canceled");
    if (move.kind === "at_period_end") {
      await voidPeriodReference(tx, subscription, subscription.current_period + 1);
      return updateSubscriptionRow(tx, subscription.id, { cancel_at_period_end: 1, canceled_at: now, updated_at: now });
    }
    // A pass waiting for its reference to be paid: that reference is void, not refunded once paid.
    await voidPeriodReference(tx, subscription, subscription.current_period);
    if (move.releasesPromo && subscription.discount_id)
      await releaseRedemption(tx, subscription.id, subscription.discount_id);
    return updateSubscriptionRow(tx, subscription.id, {
      status: move.status,
      canceled_at: now,
      ended_at: now,
      updated_at: now,
    });
  });
  return presentDetail(db, updated);
}

/**
 * `POST admin/subscription/{uuid}/refund`: the operator refunds the last paid period (whole or
 * part, their rule) and the pass ends at once. A period refunded before answers
 * `subscription_already_refunded`; nothing paid, `invalid_refund`.
 */
export async function refundSubscription(
  deps: BillingDeps,
  scope: OperatorScope,
  subscriptionId: string,
  body: { amount?: number },
  idempotencyKey: string,
): Promise<SubscriptionDetail> {
  const subscription = await findSubscriptionById(deps.db, subscriptionId);
  if (!subscription) throw new AppError("object_not_found");
  reachable(scope, await findLocationById(deps.db, subscription.location_id));
  const periods = await listPeriodsOf(deps.db, [subscription.id]);
  const paid = periods.filter((period) => period.status === "paid").at(-1);
  const charge = paid ? await findSucceededChargeOfPeriod(deps.db, paid.id) : undefined;
  if (!charge) throw new AppError("invalid_refund");
  if (charge.status === "refunded" || (await refundedAmountOf(deps.db, charge.id)) > 0)
    throw new AppError("subscription_already_refunded");
  const result = await refundPayment(deps, {
    paymentId: charge.id,
    amount: body.amount,
    reason: "subscription_refund",
    idempotencyKey,
  });
  if (result.status === "failed") throw new AppError("invalid_refund");
  const ended = await inTransaction(deps.db, async (tx) => {
    const current = (await lockSubscription(tx, subscription.id)) ?? subscription;
    const now = nowIso();
    const row = await updateSubscriptionRow(tx, subscription.id, {
      status: AFTER_REFUND,
      cancel_at_period_end: 1,
      canceled_at: current.canceled_at ?? now,
      ended_at: now,
      updated_at: now,
    });
    await recordAudit(tx, scope, {
      action: "subscription.refund",
      subject: { type: "subscription", id: subscription.id },
      before: { status: current.status },
      after: { status: row.status, refund_uuid: result.refund.id, amount: result.refund.amount },
    });
    return row;
  });
  return presentDetail(deps.db, ended);
}

/** docs/product/passes-and-promo-codes.md: a vehicle with a pass that still renews cannot be deleted (called by the vehicles module). */
export async function assertVehicleHasNoLivePass(db: Executor, vehicleId: string): Promise<void> {
  if (await hasUncanceledLivePass(db, { vehicleId })) throw new AppError("active_subscription");
}
