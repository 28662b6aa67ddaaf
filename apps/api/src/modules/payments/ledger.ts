/**
 * THE LEDGER (docs/product/money.md): the one module every feature uses to take and give back money.
 *
 * Charging is three steps, never merged:
 *   1. one transaction: the caller's `lockPayable(tx)` locks and checks the thing paid for, then
 *      the attempt is inserted `pending` (a partial unique index refuses a second live or
 *      successful charge for the same payable) and a reconciliation job is enqueued with it;
 *   2. the gateway is called with our payment id as its reference, outside any transaction;
 *   3. one transaction records the outcome and, on success, runs the payable type's
 *      `onSucceeded(tx, payment)` (registered once with `registerPayable`) to move the payable.
 * A timeout or 5xx in step 2 leaves the attempt `pending`; the reconciliation job asks the
 * gateway (`findCharge`) 30 s later and settles it. Nothing is ever retried blindly.
 *
 * The steps live by purpose — `ledger/charge.ts` (steps 1–3, the 3-D Secure refresh),
 * `ledger/refund.ts`, `ledger/reconcile.ts` (the jobs and the sweep), `ledger/payables.ts` (the
 * payable registry) — and every query in `repository.ts`. This file is the ledger's one public
 * entry: features import from here, never from the parts.
 *
 * Usage from a feature (e.g. parking):
 *
 *   registerPayable("visit", {
 *     onSucceeded: (tx, payment) => markVisitPaid(tx, payment.payable_id, payment.id),
 *   });
 *   const result = await chargePayable(app, {
 *     userId, purpose: "visit", payable: { type: "visit", id: visitId },
 *     breakdown: { subtotal, convenience_fee, processing_fee, tax, total }, currency: "mxn",
 *     paymentMethodId, idempotencyKey, description: "Estacionamiento Centro",
 *     lockPayable: async (tx) => { ...select the visit with forUpdate(tx), throw AppError if not payable... },
 *     conflictCode: "visit_already_paid",
 *   });
 *   // result.status: "succeeded" | "requires_action" (send the driver to result.redirectUrl)
 *   //               | "failed" (result.failureCode is a catalogue code) | "pending" (unknown yet)
 *   // or throw chargeFailure(result) to answer the catalogue error.
 */

export { RECONCILE_AFTER_SECONDS } from "./ledger/attempt.ts";
export { BALANCE_GATEWAY, creditPaidLateToBalance, paymentSourceOf } from "./ledger/balance.ts";
export {
  type ChargePayableInput,
  chargePayable,
  refreshCharge,
  settleCharge,
} from "./ledger/charge.ts";
export { type ChargeResult, chargeFailure, declineToCode, providerUnavailable } from "./ledger/charge-results.ts";
export {
  type AmountBreakdown,
  JOB_RECONCILE,
  JOB_REFUND,
  type LedgerDeps,
  type PayableHandlers,
  type PayableKnown,
  type PaymentPurpose,
  type PaymentRow,
  registerPayable,
} from "./ledger/payables.ts";
export { applyProviderHint, type ProviderHint, type ProviderHintResult } from "./ledger/provider-events.ts";
export {
  ACTION_TIMEOUT_SECONDS,
  CUT_OFF_SWEEP_EVERY_MS,
  NEEDS_REVIEW_AFTER_SECONDS,
  needsReview,
  registerLedgerJobs,
  sweepCutOffAttempts,
  sweepPayments,
  UNREFUNDED_VERIFICATION_ALERT_SECONDS,
} from "./ledger/reconcile.ts";
export { type RefundPaymentInput, type RefundResult, refundPayment } from "./ledger/refund.ts";
export { closeRevenueDays } from "./ledger/revenue-days.ts";
export {
  chargeByReference,
  MAX_AWAITING_REFERENCES,
  REFERENCE_LIFETIME_SECONDS,
  type ReferenceChargeInput,
  referenceHoldsCap,
  referenceHoldsFull,
  referencePayer,
} from "./references/charge.ts";
export {
  type PaidPurchase,
  type PaidPurchaseOf,
  referencePaidKey,
  registerReferencePaidJobs,
  registerReferencePaidNotice,
} from "./references/paid-notice.ts";
export { referenceOfCharge, referenceOfUser, referenceStatusOf } from "./references/service.ts";
export { voidAwaitingReference } from "./references/void.ts";
export { findChargeByIdempotencyKey } from "./repository.ts";
export { isRevenue, signedAmount } from "./revenue-days-repository.ts";
