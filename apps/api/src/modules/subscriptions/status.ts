import type { SubscriptionStatus } from "@estaciona/contracts";
import { isoAfter } from "../../lib/time.ts";

/**
 * A pass's statuses and the moves between them (docs/product/passes-and-promo-codes.md#statuses,
 * Stripe's model), in one pure module: the purchase, the driver's calls, the operator's refund and
 * the renewal job ask it what a pass becomes, and its table says which moves exist at all.
 */

/** Every move to another status a pass may make; staying where it is is always allowed. */
export const PASS_TRANSITIONS: Readonly<Record<SubscriptionStatus, readonly SubscriptionStatus[]>> = {
  incomplete: ["active", "expired", "canceled"],
  trial: ["active", "past_due", "canceled"],
  active: ["past_due", "canceled"],
  past_due: ["active", "unpaid", "canceled"],
  unpaid: ["active", "canceled"],
  canceled: [],
  expired: [],
};

export const mayMove = (from: SubscriptionStatus, to: SubscriptionStatus): boolean =>
  from === to || PASS_TRANSITIONS[from].includes(to);

/** A pass that is over: nothing moves it again (a charge landing late is refunded). */
export const isEnded = (status: SubscriptionStatus): boolean => status === "canceled" || status === "expired";

/** Hours from one failed renewal to the next try (docs/decisions/0021); after the last, `unpaid`. */
export const RENEWAL_RETRY_HOURS = [24, 48, 48] as const;

/** Statuses whose period the driver may pay by hand now (`POST user/subscription/{uuid}/pay`). */
export const payableByDriver = (status: SubscriptionStatus): boolean =>
  status === "incomplete" || status === "past_due" || status === "unpaid";

/** What a period's successful charge does: activates the pass, or — over already — is refunded. */
export const afterPaid = (status: SubscriptionStatus): { status: "active" } | { refund: true } =>
  isEnded(status) ? { refund: true } : { status: "active" };

/**
 * What a period's failed charge does, and when it is tried again: a first charge (`incomplete`)
 * and a paused pass stay where they are, counting the attempt; a trial or a renewal goes
 * `past_due` with the next retry, `unpaid` after the last. Null: the pass is over, nothing moves.
 * `notify`: the driver is told (not for a first charge, answered in the app).
 *
 * An attempt the provider never saw (`reachedProvider` false: a worker killed before its call,
 * the reconciliation found nothing at the gateway) is no decline: a trial or a renewal is tried
 * again at once, under the next attempt's key, and the driver is not told (docs/decisions/0142).
 */
export function afterFailure(
  status: SubscriptionStatus,
  failedAttempts: number,
  now: number,
  reachedProvider = true,
): { status: SubscriptionStatus; failed_attempts: number; next_retry_at: string | null; notify: boolean } | null {
  if (isEnded(status)) return null;
  const failures = failedAttempts + 1;
  if (status === "incomplete" || status === "unpaid")
    return {
      status,
      failed_attempts: failures,
      next_retry_at: null,
      notify: status !== "incomplete" && reachedProvider,
    };
  if (!reachedProvider)
    return { status: "past_due", failed_attempts: failures, next_retry_at: new Date(now).toISOString(), notify: false };
  const delay = RENEWAL_RETRY_HOURS[failures - 1];
  if (delay === undefined) return { status: "unpaid", failed_attempts: failures, next_retry_at: null, notify: true };
  return { status: "past_due", failed_attempts: failures, next_retry_at: isoAfter(delay * 3600, now), notify: true };
}

/**
 * The driver's cancel: a pass running on paid time (`active`, `past_due`) ends after its period's
 * last day; one not started or paused ends now; one over or already ending is refused
 * (`subscription_already_canceled`). `releasesPromo`: the promo code's use is given back (nothing
 * of the pass was paid; a paused pass did use its discounted periods).
 */
export function cancellation(pass: {
  status: SubscriptionStatus;
  cancel_at_period_end: number;
}): { kind: "refused" } | { kind: "at_period_end" } | { kind: "now"; status: "canceled"; releasesPromo: boolean } {
  if (isEnded(pass.status) || pass.cancel_at_period_end === 1) return { kind: "refused" };
  if (pass.status === "active" || pass.status === "past_due") return { kind: "at_period_end" };
  return { kind: "now", status: "canceled", releasesPromo: pass.status !== "unpaid" };
}

/** A pass cancelled at its period's end whose last day has passed becomes `canceled`. */
export const endsAtPeriodEnd = (pass: { status: SubscriptionStatus; cancel_at_period_end: number }): boolean =>
  pass.cancel_at_period_end === 1 && (pass.status === "active" || pass.status === "past_due");

/** An `incomplete` pass expires (its 23 hours ran out, or a new purchase replaces it). */
export const expiresUnpaid = (status: SubscriptionStatus): boolean => status === "incomplete";

/** The operator's refund of the last paid period ends the pass at once, whatever it was doing. */
export const AFTER_REFUND = "canceled" satisfies SubscriptionStatus;
