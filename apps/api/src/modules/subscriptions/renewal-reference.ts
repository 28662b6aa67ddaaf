import type { ReferenceRail } from "@estaciona/contracts/schemas/references";
import type { Tx } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { messageOrigin } from "../hosts/service.ts";
import { enqueue } from "../jobs/queue.ts";
import { chargeByReference, REFERENCE_LIFETIME_SECONDS, referencePayer } from "../payments/ledger.ts";
import { isSuspendedAt } from "../users/suspensions.ts";
import { type BillingDeps, openPeriod, periodCharge } from "./billing.ts";
import { passOf } from "./messages.ts";
import { type SubscriptionRow, updateSubscriptionRow } from "./repository/passes.ts";
import {
  findLatestChargeOfPeriod,
  findPeriod,
  hasLiveChargeForPeriod,
  lockPassAndPeriod,
  type PeriodRow,
} from "./repository/periods.ts";

/**
 * A pass that renews by reference (docs/decisions/0333): its driver paid the running period in cash
 * at OXXO or by SPEI, so the next one is asked for the same way, not charged to a card. A day before
 * the next period starts the period is opened `due` and one reference is issued for it, expiring at
 * that start (a reference lives a day at most, decision 0314); paid, the pass goes on (the ledger's
 * `periodPaid`); unpaid at the start, the pass ends and its place is let go.
 */

/** How long before the next period starts its reference is issued: a reference's whole life (decision 0314). */
export const RENEWAL_REFERENCE_LEAD_SECONDS = REFERENCE_LIFETIME_SECONDS;

/** Sends a renewal reference to its driver, once per reference. */
export const JOB_RENEWAL_REFERENCE = "subscriptions.renewal_reference";
/** Tells the driver their pass ended because its renewal reference was not paid. */
export const JOB_REFERENCE_LAPSED = "subscriptions.renewal_reference_lapsed";

export type ReferenceRenewalStep = { kind: "none" } | { kind: "reference"; period: PeriodRow; rail: ReferenceRail };

const NONE: ReferenceRenewalStep = { kind: "none" };

/**
 * What is due, under the pass's lock, for an active pass renewing by reference whose running period
 * is `current`. At or after its end: the next period was not paid (a paid one would be the running
 * one), so the pass ends — unless its reference can still be paid, which the ledger settles at its
 * expiry first. Within the lead time before the end: the next period is opened once, and its
 * reference is due unless the period has a charge already (one reference per period, whatever runs
 * twice).
 */
export async function referenceRenewalStep(
  tx: Tx,
  subscription: SubscriptionRow,
  current: PeriodRow,
  rail: ReferenceRail,
  now: string,
): Promise<ReferenceRenewalStep> {
  const next = await findPeriod(tx, subscription.id, current.number + 1);
  if (current.ends_at <= now) {
    if (next && (await hasLiveChargeForPeriod(tx, next.id))) return NONE;
    await updateSubscriptionRow(tx, subscription.id, {
      status: "canceled",
      canceled_at: subscription.canceled_at ?? now,
      ended_at: now,
      updated_at: now,
    });
    await enqueue(
      tx,
      JOB_REFERENCE_LAPSED,
      { subscriptionId: subscription.id, period: current.number + 1 },
      { dedupeKey: `renewal-reference-lapsed:${subscription.id}:${current.number + 1}` },
    );
    return NONE;
  }
  if (subscription.cancel_at_period_end === 1) return NONE;
  if (Date.parse(current.ends_at) - RENEWAL_REFERENCE_LEAD_SECONDS * 1000 > Date.parse(now)) return NONE;
  // A suspended driver is asked for nothing; the pass ends at its period's end (docs/decisions/0278).
  if (await isSuspendedAt(tx, subscription.user_id, subscription.location_id)) return NONE;
  const period = next ?? (await openPeriod(tx, subscription, current.number + 1));
  if (period.status !== "due" || (await findLatestChargeOfPeriod(tx, period.id))) return NONE;
  return { kind: "reference", period, rail };
}

/** Refusals that leave nothing to do now: another run issued it, or the pass was cancelled meanwhile. */
const SETTLED_ELSEWHERE = ["action_not_available", "subscription_already_active", "invalid_payment"];

/**
 * Issues the reference of an opened period through the first period's path (`chargeByReference`, the
 * same gateway and the period's all-in price), expiring when the period starts. The idempotency key
 * is the period's, and the charge's first transaction re-checks under the pass's lock that the period
 * has no charge, so runs in parallel issue one. That transaction also schedules the driver's message.
 * The driver's cap of unpaid references (decision 0282) does not apply: the place is theirs already
 * (docs/decisions/0313). A refusal that is not this period's (too close to the start) is logged and
 * tried again by the next sweep while the period has not started.
 */
export async function issueRenewalReference(deps: BillingDeps, period: PeriodRow, rail: ReferenceRail): Promise<void> {
  const pass = await passOf(deps, period.subscription_id);
  if (!pass) throw new Error(`Period ${period.id} points at a missing pass or row`);
  const { subscription, user, plan, location, vehicle } = pass;
  try {
    await chargeByReference(deps, {
      ...periodCharge(period, subscription, `${location.name} · ${plan.name} · ${vehicle.plate}`),
      rail,
      idempotencyKey: `subscription-period:${period.id}:reference`,
      payer: referencePayer(user),
      expiresAt: period.starts_at,
      returnOrigin: await messageOrigin(deps, subscription.origin, location),
      // The place is the driver's already: the cap on unpaid references does not refuse it (decision 0313).
      holdsNoNewPlace: true,
      lockPayable: async (tx) => {
        const locked = await lockPassAndPeriod(tx, period.id);
        // Cancelled meanwhile: the period will not run, so nothing is asked for it (docs/decisions/0316).
        if (
          locked?.period.status !== "due" ||
          locked.subscription.status !== "active" ||
          locked.subscription.cancel_at_period_end === 1
        )
          throw new AppError("subscription_already_active");
        if (await findLatestChargeOfPeriod(tx, period.id)) throw new AppError("action_not_available", { status: 409 });
        await enqueue(
          tx,
          JOB_RENEWAL_REFERENCE,
          { periodId: period.id },
          { dedupeKey: `renewal-reference:${period.id}` },
        );
      },
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (!SETTLED_ELSEWHERE.includes(error.code))
      deps.log.warn({ err: error, periodId: period.id }, "renewal reference not issued");
  }
}
