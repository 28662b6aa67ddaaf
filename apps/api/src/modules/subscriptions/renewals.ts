import { inTransaction } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { isoAfter, nowIso } from "../../lib/time.ts";
import { enqueue, type JsonValue } from "../jobs/queue.ts";
import type { JobRunner } from "../jobs/worker.ts";
import type { ReminderDeps } from "../reminders/index.ts";
import { isSuspendedAt } from "../users/suspensions.ts";
import {
  type BillingDeps,
  chargePeriod,
  JOB_ADVANCE,
  JOB_RECEIPT,
  JOB_REMINDER,
  JOB_RENEWAL_FAILED,
  openPeriod,
  REMINDER_BEFORE_SECONDS,
  SWEEP_INTERVAL_MS,
} from "./billing.ts";
import { remindExpiringCards } from "./card-expiry.ts";
import {
  sendChargeReceipt,
  sendReferenceRenewalLapsed,
  sendRenewalFailed,
  sendRenewalReference,
  sendRenewalReferenceVoided,
  sendRenewalReminder,
} from "./messages.ts";
import { renewalRailOf } from "./presenter.ts";
import {
  issueRenewalReference,
  JOB_REFERENCE_LAPSED,
  JOB_RENEWAL_REFERENCE,
  RENEWAL_REFERENCE_LEAD_SECONDS,
  type ReferenceRenewalStep,
  referenceRenewalStep,
} from "./renewal-reference.ts";
import { JOB_REFERENCE_VOIDED } from "./renewal-reference-void.ts";
import { lockSubscription, updateSubscriptionRow } from "./repository/passes.ts";
import { findPeriod, hasLiveChargeForPeriod, type PeriodRow } from "./repository/periods.ts";
import { releaseRedemption } from "./repository/promo-codes.ts";
import { listPassesDue, listReferenceRenewalsDue, listRenewalsToRemind } from "./repository/renewals.ts";
import { endsAtPeriodEnd, expiresUnpaid } from "./status.ts";

/**
 * Renewals: the job that does what is due for a pass (docs/product/passes-and-promo-codes.md#renewals),
 * the sweep that finds passes with work due, and the jobs this module registers.
 */

type Step = ReferenceRenewalStep | { kind: "charge"; period: PeriodRow; key: string };

/**
 * Does what is due for one pass at the current time (the clock of lib/time.ts): expire an
 * unpaid first payment, start a trial, end a cancelled pass at its period's end, open and charge
 * the next period, or retry a failed one; for a pass renewing by reference, issue the next period's
 * reference a day ahead or end the pass when it went unpaid (renewal-reference.ts). Safe to run twice and on several workers: the pass is
 * locked while deciding, a period opens once, and each attempt's idempotency key is derived from
 * the period and the attempt number, so a second run replays the first one's charge.
 */
export async function advanceSubscription(
  deps: BillingDeps,
  subscriptionId: string,
  options: { retryNow?: boolean } = {},
): Promise<void> {
  const step = await inTransaction(deps.db, async (tx): Promise<Step> => {
    const subscription = await lockSubscription(tx, subscriptionId);
    if (!subscription) return { kind: "none" };
    const now = nowIso();
    const current = await findPeriod(tx, subscription.id, subscription.current_period);
    if (!current) return { kind: "none" };
    const attemptKey = (period: PeriodRow, attempt: number): Step => ({
      kind: "charge",
      period,
      key: `subscription-period:${period.id}:${attempt}`,
    });
    // A suspended driver is not charged by a renewal they did not start: the pass ends instead,
    // its paid time used up, before any new period is opened (docs/decisions/0278).
    const endedBySuspension = async (): Promise<boolean> => {
      if (!(await isSuspendedAt(tx, subscription.user_id, subscription.location_id))) return false;
      await updateSubscriptionRow(tx, subscription.id, {
        status: "canceled",
        canceled_at: subscription.canceled_at ?? now,
        ended_at: now,
        updated_at: now,
      });
      return true;
    };
    const chargeUnlessSuspended = async (period: () => Promise<PeriodRow>, attempt: number): Promise<Step> =>
      (await endedBySuspension()) ? { kind: "none" } : attemptKey(await period(), attempt);

    switch (subscription.status) {
      case "incomplete":
        // A reference still awaiting payment keeps its place until the ledger settles it at its expiry
        // (paid, or failed): expiring the pass first would turn a payment made in time into a refund.
        if (
          subscription.expires_at &&
          subscription.expires_at <= now &&
          expiresUnpaid(subscription.status) &&
          !(await hasLiveChargeForPeriod(tx, current.id))
        ) {
          await updateSubscriptionRow(tx, subscription.id, { status: "expired", ended_at: now, updated_at: now });
          if (subscription.discount_id) await releaseRedemption(tx, subscription.id, subscription.discount_id);
        }
        return { kind: "none" };
      case "trial":
        return current.starts_at <= now ? chargeUnlessSuspended(async () => current, 0) : { kind: "none" };
      case "active":
      case "past_due": {
        if (current.ends_at <= now && endsAtPeriodEnd(subscription)) {
          await updateSubscriptionRow(tx, subscription.id, { status: "canceled", ended_at: now, updated_at: now });
          return { kind: "none" };
        }
        if (subscription.status === "active") {
          const rail = await renewalRailOf(tx, current);
          if (rail) return referenceRenewalStep(tx, subscription, current, rail, now);
        }
        // Opened by a run that died before charging it (the opening commits first): charge it now,
        // under the same key, so a charge that did reach the ledger is replayed, not doubled.
        if (subscription.status === "active" && current.status === "due" && current.starts_at <= now)
          return chargeUnlessSuspended(async () => current, 0);
        if (subscription.status === "active" && current.ends_at <= now)
          return chargeUnlessSuspended(async () => {
            const next = await openPeriod(tx, subscription, current.number + 1);
            await updateSubscriptionRow(tx, subscription.id, { current_period: next.number, updated_at: now });
            return next;
          }, 0);
        const retryDue =
          subscription.status === "past_due" &&
          (options.retryNow || (subscription.next_retry_at !== null && subscription.next_retry_at <= now));
        return retryDue ? chargeUnlessSuspended(async () => current, subscription.failed_attempts) : { kind: "none" };
      }
      case "unpaid":
        return options.retryNow ? attemptKey(current, subscription.failed_attempts) : { kind: "none" };
      default:
        return { kind: "none" };
    }
  });
  if (step.kind === "reference") return issueRenewalReference(deps, step.period, step.rail);
  if (step.kind !== "charge") return;
  try {
    await chargePeriod(deps, step.period, { idempotencyKey: step.key });
  } catch (error) {
    // Another worker's charge of the same period is in flight or done: its outcome moves the pass.
    if (error instanceof AppError && ["action_not_available", "subscription_already_active"].includes(error.code))
      return;
    throw error;
  }
}

/** Cards expire by the month: an hourly look is soon enough, and outside quiet hours within the hour. */
const CARD_EXPIRY_SWEEP_MS = 60 * 60_000;

/**
 * Enqueues one advance job per pass with work due (a renewal reference due a day ahead included), and a reminder for monthly and yearly passes
 * renewing within seven days (docs/product/reminders.md); a live job for the same pass is not doubled.
 */
export async function sweepSubscriptions(deps: BillingDeps): Promise<number> {
  const now = Date.now();
  const due = await listPassesDue(deps.db, nowIso());
  const referencesDue = await listReferenceRenewalsDue(
    deps.db,
    nowIso(),
    isoAfter(RENEWAL_REFERENCE_LEAD_SECONDS, now),
  );
  for (const id of [...due, ...referencesDue])
    await enqueue(deps.db, JOB_ADVANCE, { subscriptionId: id }, { dedupeKey: `advance:${id}` });
  for (const id of await listRenewalsToRemind(deps.db, nowIso(), isoAfter(REMINDER_BEFORE_SECONDS, now)))
    await enqueue(deps.db, JOB_REMINDER, { subscriptionId: id }, { dedupeKey: `reminder:${id}` });
  return due.length;
}

export function registerSubscriptionJobs(
  deps: BillingDeps & { config: ReminderDeps["config"] },
  jobs: JobRunner,
): void {
  jobs.register(JOB_ADVANCE, async (payload) => {
    const { subscriptionId, retryNow } = payload as { subscriptionId: string; retryNow?: boolean };
    await advanceSubscription(deps, subscriptionId, { retryNow });
  });
  jobs.register(JOB_RECEIPT, async (payload) => {
    await sendChargeReceipt(deps, (payload as { paymentId: string }).paymentId);
  });
  jobs.register(JOB_REMINDER, async (payload) => {
    const { subscriptionId } = payload as { subscriptionId: string };
    const wait = await sendRenewalReminder(deps, subscriptionId);
    // Inside the driver's quiet hours: once more when they end.
    if (wait)
      await enqueue(
        deps.db,
        JOB_REMINDER,
        { subscriptionId },
        {
          runAt: new Date(wait.later).toISOString(),
          dedupeKey: `reminder-quiet:${subscriptionId}`,
        },
      );
  });
  jobs.register(JOB_RENEWAL_FAILED, async (payload) => {
    const { subscriptionId, attempt } = payload as { subscriptionId: string; attempt: number };
    await sendRenewalFailed(deps, subscriptionId, attempt);
  });
  // Their text message inside the driver's quiet hours: once more when they end (the e-mail went).
  const afterQuietHours = async (
    kind: string,
    payload: JsonValue,
    key: string,
    wait: { later: number } | undefined,
  ) => {
    if (wait) await enqueue(deps.db, kind, payload, { runAt: new Date(wait.later).toISOString(), dedupeKey: key });
  };
  jobs.register(JOB_RENEWAL_REFERENCE, async (payload) => {
    const { periodId } = payload as { periodId: string };
    const wait = await sendRenewalReference(deps, periodId);
    await afterQuietHours(JOB_RENEWAL_REFERENCE, { periodId }, `renewal-reference-quiet:${periodId}`, wait);
  });
  jobs.register(JOB_REFERENCE_LAPSED, async (payload) => {
    const { subscriptionId, period } = payload as { subscriptionId: string; period: number };
    const wait = await sendReferenceRenewalLapsed(deps, subscriptionId, period);
    const key = `renewal-reference-lapsed-quiet:${subscriptionId}:${period}`;
    await afterQuietHours(JOB_REFERENCE_LAPSED, { subscriptionId, period }, key, wait);
  });
  jobs.register(JOB_REFERENCE_VOIDED, async (payload) => {
    const { paymentId } = payload as { paymentId: string };
    const wait = await sendRenewalReferenceVoided(deps, paymentId);
    await afterQuietHours(JOB_REFERENCE_VOIDED, { paymentId }, `renewal-reference-voided-quiet:${paymentId}`, wait);
  });
  jobs.every("subscriptions.sweep", SWEEP_INTERVAL_MS, async () => {
    await sweepSubscriptions(deps);
  });
  jobs.every("subscriptions.card-expiry", CARD_EXPIRY_SWEEP_MS, async () => {
    await remindExpiringCards(deps);
  });
}
