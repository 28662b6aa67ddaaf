import { isoAfter, nowIso, secondsUntil } from "../../../lib/time.ts";
import { enqueue } from "../../jobs/queue.ts";
import { JobRetryLater, type JobRunner } from "../../jobs/worker.ts";
import { listCutOffAttempts } from "../cut-off-attempts-repository.ts";
import { type ChargeOutcome, GatewayUnavailableError, gatewayFor } from "../gateway.ts";
import {
  findPaymentById,
  listPendingRefundsBefore,
  listUnrefundedVerificationsBefore,
  listUnsettledChargesBefore,
  type PaymentRow,
  recordProviderRef,
  refundedAmountOf,
} from "../repository.ts";
import { RECONCILE_AFTER_SECONDS, scheduleReconciliation } from "./attempt.ts";
import { settleCharge } from "./charge.ts";
import { declineFallbackOf } from "./charge-results.ts";
import { JOB_RECONCILE, JOB_REFUND, JOB_SETTLE_REFUND, type LedgerDeps } from "./payables.ts";
import { reconcileRefund, refundPayment } from "./refund.ts";

/**
 * What settles the ledger when nobody is waiting for it: the reconciliation and refund jobs, and
 * the periodic sweep that re-enqueues them if one was ever lost.
 */

/** An unanswered 3-D Secure challenge is abandoned after this long. */
export const ACTION_TIMEOUT_SECONDS = 30 * 60;
/** A verification charge still unrefunded after this long is reported (research PAY-5). */
export const UNREFUNDED_VERIFICATION_ALERT_SECONDS = 24 * 3600;
/**
 * A charge whose outcome is still unknown this long after the attempt needs a person (docs/decisions/0246):
 * the console shows it as `needs review`; the ledger keeps it pending and keeps asking, never failed.
 */
export const NEEDS_REVIEW_AFTER_SECONDS = 24 * 3600;
export const needsReview = (payment: Pick<PaymentRow, "kind" | "status" | "created_at">, now = Date.now()): boolean =>
  payment.kind === "charge" &&
  payment.status === "pending" &&
  Date.parse(payment.created_at) <= now - NEEDS_REVIEW_AFTER_SECONDS * 1000;
/** Unsettled charges and unrefunded verifications older than this are looked at by the sweep. */
const SWEEP_AFTER_SECONDS = 300;
const SWEEP_BATCH = 500;
/** How often each worker looks for attempts cut off by a crash (`sweepCutOffAttempts`). */
export const CUT_OFF_SWEEP_EVERY_MS = 15_000;
/** Cut off longer ago than this, an attempt is the five-minute sweep's (which finds every unsettled one). */
const CUT_OFF_WINDOW_SECONDS = 3600;

/**
 * The ledger's jobs: reconciliation of unsettled charges and refunds, and recoverable refunds (a refund job
 * retries with backoff; once it gives up the worker logs it as an error, never silently).
 */
export function registerLedgerJobs(deps: LedgerDeps, jobs: JobRunner): void {
  jobs.register(JOB_RECONCILE, async (payload) => {
    const { paymentId } = payload as { paymentId: string };
    const payment = await findPaymentById(deps.db, paymentId);
    if (!payment || (payment.status !== "pending" && payment.status !== "requires_action")) return;
    const ageSeconds = (Date.now() - Date.parse(payment.created_at)) / 1000;
    if (ageSeconds < RECONCILE_AFTER_SECONDS) throw new JobRetryLater(Math.ceil(RECONCILE_AFTER_SECONDS - ageSeconds));
    if ((await reconcileCharge(deps, payment, "sweep")) === "waiting") throw new JobRetryLater(60);
  });

  // A gateway that cannot tell yet throws: the worker's backoff (5 s doubling, 20 attempts) asks again.
  jobs.register(JOB_SETTLE_REFUND, async (payload) => {
    const { refundId } = payload as { refundId: string };
    const refund = await findPaymentById(deps.db, refundId);
    if (refund?.kind !== "refund" || refund.status !== "pending") return;
    const ageSeconds = (Date.now() - Date.parse(refund.created_at)) / 1000;
    // The request that made it may still be waiting for the gateway's answer.
    if (ageSeconds < RECONCILE_AFTER_SECONDS) throw new JobRetryLater(Math.ceil(RECONCILE_AFTER_SECONDS - ageSeconds));
    await reconcileRefund(deps, refund);
  });

  jobs.register(JOB_REFUND, async (payload) => {
    const { paymentId, reason } = payload as { paymentId: string; reason: string };
    const charge = await findPaymentById(deps.db, paymentId);
    if (!charge || charge.status === "refunded") return;
    if ((await refundedAmountOf(deps.db, paymentId)) > 0) return;
    // The job's own key: after a crash its retry answers the refund it already made, never a second one.
    const result = await refundPayment(deps, { paymentId, reason, idempotencyKey: `${JOB_REFUND}:${paymentId}` });
    if (result.status === "pending") throw new JobRetryLater(RECONCILE_AFTER_SECONDS);
    if (result.status !== "succeeded") throw new Error(`refund of ${paymentId} ${result.status}`);
  });
}

/**
 * Asks the gateway about an unsettled charge and records the answer: the one step the
 * reconciliation job and a provider's webhook share (a webhook is only a faster sweep,
 * docs/decisions/0155). `sweep`: 30 s after the attempt a charge the provider never saw failed;
 * `provider`: the provider has just named it, so no answer yet means wait, never failed.
 * `waiting`: the outcome is not known yet (a 3-D Secure challenge still open).
 */
export async function reconcileCharge(
  deps: LedgerDeps,
  payment: PaymentRow,
  from: "sweep" | "provider",
): Promise<"settled" | "waiting"> {
  const gateway = gatewayFor(deps.providers.payments, payment.gateway, payment.currency);
  let outcome: ChargeOutcome | null;
  try {
    outcome = await gateway.findCharge(payment.id, payment.provider_ref, payment.created_at);
  } catch (error) {
    // Still unknown, but the provider named its object (an order found by our metadata, still
    // pending): kept at once, so every later lookup asks by the provider's id (decision 0205).
    if (error instanceof GatewayUnavailableError && error.providerRef && !payment.provider_ref)
      await recordProviderRef(deps.db, payment.id, error.providerRef, nowIso());
    throw error;
  }
  const ageSeconds = (Date.now() - Date.parse(payment.created_at)) / 1000;
  if (outcome?.status === "requires_action") {
    const abandonAfter = outcome.waitUntil ? secondsUntil(outcome.waitUntil) + ageSeconds : ACTION_TIMEOUT_SECONDS;
    if (from === "provider" || ageSeconds < abandonAfter) return "waiting";
    await settleCharge(deps, payment.id, null, declineFallbackOf(payment));
    return "settled";
  }
  if (!outcome && from === "provider") return "waiting";
  await settleCharge(deps, payment.id, outcome, declineFallbackOf(payment));
  return "settled";
}

/**
 * The safety net behind the jobs (run periodically by the worker): any unsettled charge older
 * than five minutes gets a reconciliation job again, any refund still pending its settle-refund
 * job again (docs/decisions/0115), and any verification charge still not
 * refunded gets its refund job again — both deduplicated, so a live job is not doubled. Old
 * unrefunded verifications are logged as errors: retried and reported, never forgotten.
 */
export async function sweepPayments(
  deps: LedgerDeps,
): Promise<{ unsettled: number; unrefunded: number; pendingRefunds: number; needsReview: number }> {
  const before = isoAfter(-SWEEP_AFTER_SECONDS);
  const unsettled = await listUnsettledChargesBefore(deps.db, before, SWEEP_BATCH);
  for (const charge of unsettled) await scheduleReconciliation(deps.db, charge);
  const review = unsettled.filter((charge) => needsReview(charge)).map(({ id }) => id);
  if (review.length > 0)
    deps.log.error(
      { paymentIds: review.slice(0, 20), count: review.length },
      "charges still unknown after 24 h: needs review (still being looked up)",
    );
  const pendingRefunds = await listPendingRefundsBefore(deps.db, before, SWEEP_BATCH);
  for (const { id } of pendingRefunds)
    await enqueue(deps.db, JOB_SETTLE_REFUND, { refundId: id }, { dedupeKey: `settle-refund:${id}`, maxAttempts: 20 });
  const unrefunded = await listUnrefundedVerificationsBefore(deps.db, before, SWEEP_BATCH);
  for (const { id, created_at } of unrefunded) {
    await enqueue(
      deps.db,
      JOB_REFUND,
      { paymentId: id, reason: "card_verification" },
      { dedupeKey: `refund:${id}`, maxAttempts: 20 },
    );
    if (Date.parse(created_at) < Date.now() - UNREFUNDED_VERIFICATION_ALERT_SECONDS * 1000)
      deps.log.error({ paymentId: id }, "card verification charge still unrefunded after 24 h");
  }
  return {
    unsettled: unsettled.length,
    unrefunded: unrefunded.length,
    pendingRefunds: pendingRefunds.length,
    needsReview: review.length,
  };
}

/**
 * Attempts cut off by a crash between their first transaction and their outcome (docs/decisions/0352):
 * still `pending` 30 s after they were last written, with no reconciliation job. Step 1 writes
 * no job of its own; an outcome unknown or awaited is scheduled when it is met. Run by each
 * worker every 15 s, so such an attempt is asked about 30 to 45 s after it was made; two workers
 * finding the same attempt schedule one job (its dedupe key).
 */
export async function sweepCutOffAttempts(deps: Pick<LedgerDeps, "db" | "log">): Promise<number> {
  const cutOff = await listCutOffAttempts(
    deps.db,
    isoAfter(-CUT_OFF_WINDOW_SECONDS),
    isoAfter(-RECONCILE_AFTER_SECONDS),
    SWEEP_BATCH,
  );
  for (const attempt of cutOff) await scheduleReconciliation(deps.db, attempt);
  if (cutOff.length > 0) deps.log.warn({ count: cutOff.length }, "charges cut off before their outcome: reconciling");
  return cutOff.length;
}
