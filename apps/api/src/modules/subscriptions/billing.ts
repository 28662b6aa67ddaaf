import { dateIn, renews } from "@estaciona/contracts/periods";
import { inTransaction, type Tx } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import type { MessageDeps } from "../parking/visits/messages.ts";
import { findVehicleById } from "../parking/visits/repository.ts";
import {
  type ChargePayableInput,
  type ChargeResult,
  chargePayable,
  creditPaidLateToBalance,
  JOB_REFUND,
  type LedgerDeps,
  registerPayable,
} from "../payments/ledger.ts";
import { findCardToCharge } from "../payments/repository.ts";
import { registerCardRemovalCheck, registerDefaultCardListener } from "../payments/service.ts";
import { periodDates } from "./presenter.ts";
import { periodPrice } from "./pricing.ts";
import {
  findSubscriptionById,
  hasUncanceledLivePass,
  listRecoverablePassesOfUser,
  type SubscriptionRow,
  updateSubscriptionRow,
} from "./repository/passes.ts";
import {
  findPeriod,
  hasLiveChargeForPeriod,
  insertPeriodOnce,
  lockPassAndPeriod,
  PERIOD_PAYABLE,
  type PeriodRow,
  updatePeriodRow,
} from "./repository/periods.ts";
import { findPlanById } from "./repository/plans.ts";
import { findDiscountById } from "./repository/promo-codes.ts";
import { afterFailure, afterPaid, isEnded } from "./status.ts";

/**
 * Charging a pass's periods and moving it through docs/product/entities-and-states.md's statuses with Stripe's transitions
 * (docs/product/passes-and-promo-codes.md). Every period is a ledger payable: the ledger's one-live-or-successful-charge index
 * and the period's unique number make "each period is charged once" a database rule, whatever
 * runs twice (a job retried, two workers, a driver's retry).
 */

export type BillingDeps = LedgerDeps & MessageDeps;

/** An `incomplete` pass (first payment failed or waiting for 3-D Secure) expires after this. */
export const INCOMPLETE_EXPIRES_SECONDS = 23 * 3600;
/** How often the worker looks for passes with work due. */
export const SWEEP_INTERVAL_MS = 60_000;

export const JOB_ADVANCE = "subscriptions.advance";
export const JOB_RECEIPT = "subscriptions.receipt";
export const JOB_RENEWAL_FAILED = "subscriptions.renewal_failed";
export const JOB_REMINDER = "subscriptions.renewal_reminder";
/** How long before a monthly or yearly renewal the driver is reminded. */
export const REMINDER_BEFORE_SECONDS = 7 * 24 * 3600;

/** Locks a period in the lock order (its pass, then itself) and reads what moving it needs. */
async function lockPeriodContext(tx: Tx, periodId: string) {
  const locked = await lockPassAndPeriod(tx, periodId);
  if (!locked) return undefined;
  const { subscription } = locked;
  const plan = await findPlanById(tx, subscription.plan_id);
  const location = await findLocationById(tx, subscription.location_id);
  if (!plan || !location) throw new Error(`Pass ${subscription.id} points at a missing plan or location`);
  return { ...locked, plan, location };
}

/**
 * A period is paid (by a charge, or free): the pass is active for it. A pass that was paused
 * (`unpaid`) resumes from today, so the driver never pays for the paused days; one that was
 * meanwhile cancelled or expired gets its money back.
 */
async function periodPaid(tx: Tx, periodId: string, paymentId: string | null): Promise<void> {
  const context = await lockPeriodContext(tx, periodId);
  if (!context || context.period.status === "paid") return;
  const { period, subscription, plan, location } = context;
  const now = nowIso();
  const next = afterPaid(subscription.status);
  if ("refund" in next) {
    if (paymentId)
      await enqueue(
        tx,
        JOB_REFUND,
        { paymentId, reason: "subscription_ended" },
        { dedupeKey: `refund:${paymentId}`, maxAttempts: 20 },
      );
    return;
  }
  let dates = {};
  let anchor = {};
  if (subscription.status === "unpaid") {
    const today = dateIn(location.time_zone, Date.parse(now));
    anchor = { anchor_date: today, anchor_period: period.number };
    dates = periodDates({ anchor_date: today, anchor_period: period.number }, plan, location.time_zone, period.number);
  }
  await updatePeriodRow(tx, period.id, { ...dates, status: "paid", paid_at: now, updated_at: now });
  await updateSubscriptionRow(tx, subscription.id, {
    ...anchor,
    status: next.status,
    current_period: period.number,
    // A one-time plan ends after its one period.
    cancel_at_period_end: renews(plan.interval_unit) ? subscription.cancel_at_period_end : 1,
    failed_attempts: 0,
    next_retry_at: null,
    expires_at: null,
    updated_at: now,
  });
  if (paymentId) await enqueue(tx, JOB_RECEIPT, { paymentId }, { dedupeKey: `subscription-receipt:${paymentId}` });
}

async function periodFailed(tx: Tx, periodId: string, reachedProvider = true): Promise<void> {
  const locked = await lockPassAndPeriod(tx, periodId);
  if (!locked || locked.period.status === "paid") return;
  const { period, subscription } = locked;
  const now = nowIso();
  await updatePeriodRow(tx, period.id, { status: "failed", updated_at: now });
  // A renewal reference expired before its period became the running one (docs/decisions/0333): no
  // card retries; the renewal job ends the pass when its running period ends.
  if (period.number > subscription.current_period && subscription.status === "active") return;
  const next = afterFailure(subscription.status, subscription.failed_attempts, Date.parse(now), reachedProvider);
  if (!next) return;
  const { notify, ...changes } = next;
  await updateSubscriptionRow(tx, subscription.id, { ...changes, updated_at: now });
  // Retried at once: the next worker pass charges it, not the next sweep.
  if (changes.next_retry_at !== null && changes.next_retry_at <= now)
    await enqueue(
      tx,
      JOB_ADVANCE,
      { subscriptionId: subscription.id },
      { dedupeKey: `advance:${subscription.id}:attempt:${changes.failed_attempts}` },
    );
  if (notify)
    await enqueue(
      tx,
      JOB_RENEWAL_FAILED,
      { subscriptionId: subscription.id, attempt: next.failed_attempts },
      { dedupeKey: `renewal-failed:${subscription.id}:${next.failed_attempts}` },
    );
}

registerPayable(PERIOD_PAYABLE, {
  // The ledger takes these before it locks the period's payment (the lock order, ARCHITECTURE.md).
  lockPayable: async (tx, periodId) => {
    await lockPassAndPeriod(tx, periodId);
  },
  onSucceeded: (tx, payment) => periodPaid(tx, payment.payable_id, payment.id),
  onFailed: (tx, payment, { reachedProvider }) => periodFailed(tx, payment.payable_id, reachedProvider),
  // A first period paid by reference after it expired (docs/decisions/0314): the place was let go, the money kept.
  async onPaidLate(tx, payment) {
    const location = payment.location_id ? await findLocationById(tx, payment.location_id) : undefined;
    if (!location) throw new Error(`Charge ${payment.id} paid late has no location`);
    await creditPaidLateToBalance(tx, payment, location.organisation_id);
  },
});

/** A driver's last card in a country stays while a pass there still renews on it (docs/product/money.md). */
registerCardRemovalCheck(async (tx, { userId, country }) => {
  if (await hasUncanceledLivePass(tx, { userId, country })) throw new AppError("invalid_payment_source_delete");
});

/** A new default card retries the driver's past-due and paused passes in its country at once. */
registerDefaultCardListener(async (tx, { userId, country }) => {
  for (const { id } of await listRecoverablePassesOfUser(tx, userId, country))
    await enqueue(tx, JOB_ADVANCE, { subscriptionId: id, retryNow: true }, { dedupeKey: `advance:${id}:card` });
});

/**
 * Charges one period of a pass to a card (the default one of the lot's country unless given).
 * A free period is paid without a charge. No card at all counts as a failed attempt.
 */
export async function chargePeriod(
  deps: BillingDeps,
  period: PeriodRow,
  options: {
    paymentMethodId?: string;
    idempotencyKey: string;
    /** The driver's origin when they pay from the app (`driverOrigin`); renewals have no browser. */
    returnOrigin?: string;
    declineCode?: "subscription_creation_failed";
  },
): Promise<ChargeResult | null> {
  if (period.total === 0) {
    await inTransaction(deps.db, (tx) => periodPaid(tx, period.id, null));
    return null;
  }
  const subscription = await findSubscriptionById(deps.db, period.subscription_id);
  if (!subscription) throw new Error(`Period ${period.id} points at a missing pass`);
  const [plan, location, vehicle] = await Promise.all([
    findPlanById(deps.db, subscription.plan_id),
    findLocationById(deps.db, subscription.location_id),
    findVehicleById(deps.db, subscription.vehicle_id),
  ]);
  if (!plan || !location || !vehicle) throw new Error(`Pass ${subscription.id} points at a missing row`);
  const paymentMethodId =
    options.paymentMethodId ?? (await findCardToCharge(deps.db, subscription.user_id, location.country, false))?.id;
  if (!paymentMethodId) {
    await inTransaction(deps.db, (tx) => periodFailed(tx, period.id));
    return null;
  }
  return chargePayable(deps, {
    ...periodCharge(period, subscription, `${location.name} · ${plan.name} · ${vehicle.plate}`),
    paymentMethodId,
    idempotencyKey: options.idempotencyKey,
    returnOrigin: options.returnOrigin,
    // A renewal has no browser: nobody is there, the card on file is charged by us (decision 0206).
    initiatedBy: options.returnOrigin ? "customer" : "merchant",
    declineCode: options.declineCode,
    conflictCode: "subscription_already_active",
    lockPayable: async (tx) => {
      const locked = await lockPassAndPeriod(tx, period.id);
      if (!locked) throw new AppError("object_not_found");
      // Paid already, or its pass ended meanwhile (a newer purchase replaced an unpaid one): no charge.
      if (locked.period.status === "paid" || isEnded(locked.subscription.status))
        throw new AppError("subscription_already_active");
      // Refuse here rather than meet the ledger's unique index behind a settling charge (see parking).
      if (await hasLiveChargeForPeriod(tx, period.id)) throw new AppError("action_not_available", { status: 409 });
    },
  });
}

/**
 * What the ledger is told about a period's charge, whatever pays it (a card, a reference): the
 * payable, its amounts and the statement line.
 */
export function periodCharge(
  period: Pick<PeriodRow, "id" | "currency" | "subtotal" | "convenience_fee" | "processing_fee" | "tax" | "total">,
  pass: Pick<SubscriptionRow, "user_id" | "location_id" | "vehicle_id">,
  description: string,
): Pick<ChargePayableInput, "userId" | "purpose" | "payable" | "breakdown" | "currency" | "description"> {
  return {
    userId: pass.user_id,
    purpose: "subscription",
    payable: { type: PERIOD_PAYABLE, id: period.id, locationId: pass.location_id, vehicleId: pass.vehicle_id },
    breakdown: {
      subtotal: period.subtotal,
      convenience_fee: period.convenience_fee,
      processing_fee: period.processing_fee,
      tax: period.tax,
      total: period.total,
    },
    currency: period.currency,
    description,
  };
}

/** Opens period `n` of a pass once, priced now (its promo code still counted while it lasts). */
export async function openPeriod(tx: Tx, subscription: SubscriptionRow, n: number, id = newId()): Promise<PeriodRow> {
  const plan = await findPlanById(tx, subscription.plan_id);
  const location = await findLocationById(tx, subscription.location_id);
  if (!plan || !location) throw new Error(`Pass ${subscription.id} points at a missing plan or location`);
  const discount = subscription.discount_id ? await findDiscountById(tx, subscription.discount_id) : undefined;
  const price = periodPrice(plan, location, discount ?? null, n);
  const now = nowIso();
  await insertPeriodOnce(tx, {
    id,
    subscription_id: subscription.id,
    number: n,
    ...periodDates(subscription, plan, location.time_zone, n),
    status: "due",
    discount: price.discount,
    ...price.amounts,
    paid_at: null,
    created_at: now,
    updated_at: now,
  });
  const period = await findPeriod(tx, subscription.id, n);
  if (!period) throw new Error(`Period ${n} of ${subscription.id} was not opened`);
  return period;
}
