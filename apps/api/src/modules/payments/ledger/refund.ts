import { inTransaction, type Tx } from "../../../db/database.ts";
import { AppError } from "../../../lib/errors.ts";
import { newId } from "../../../lib/ids.ts";
import { isoAfter, nowIso } from "../../../lib/time.ts";
import { enqueue } from "../../jobs/queue.ts";
import { gatewayFor, type RefundOutcome } from "../gateway.ts";
import {
  findPaymentById,
  findPendingRefundOf,
  findRefundByKey,
  insertPayment,
  lockPayment,
  type PaymentRow,
  refundedAmountOf,
} from "../repository.ts";
import { RECONCILE_AFTER_SECONDS } from "./attempt.ts";
import { BALANCE_GATEWAY, creditRefund } from "./balance.ts";
import { handlersOf, JOB_SETTLE_REFUND, type LedgerDeps, refundSucceededListeners } from "./payables.ts";
import { updateLedgerRow } from "./revenue-days.ts";

/** Giving money back: the same three steps as a charge (ledger.ts), for all or part of one. */

export type RefundResult = {
  /** `pending`: the gateway's answer is not known yet; the sweep settles it (reconcile.ts). */
  status: "succeeded" | "failed" | "pending";
  refund: PaymentRow;
  /** The refund an earlier call with the same Idempotency-Key made, answered again (nothing new was made). */
  replayed: boolean;
};

export interface RefundPaymentInput {
  /** The charge to refund. */
  paymentId: string;
  /** Minor units; default: what is left to refund. */
  amount?: number;
  reason: string;
  idempotencyKey?: string | null;
}

/** Seconds a caller is told to wait when another refund of the charge is in flight. */
export const REFUND_IN_FLIGHT_RETRY_SECONDS = 5;
/** Seconds a caller is told to wait when the charge itself is not settled yet (reconciled within a minute). */
const CHARGE_NOT_SETTLED_RETRY_SECONDS = 60;

/**
 * Another refund of the charge waits for the gateway: this request makes none and is told to come
 * back (docs/decisions/0115). Never answered with that other refund: it is another request's.
 */
export const refundInFlight = () =>
  new AppError("action_not_available", {
    status: 409,
    messageKey: "errors.api_refund_in_progress",
    headers: { "retry-after": String(REFUND_IN_FLIGHT_RETRY_SECONDS) },
  });

const chargeNotSettled = () =>
  new AppError("action_not_available", {
    status: 409,
    messageKey: "errors.api_charge_not_settled",
    headers: { "retry-after": String(CHARGE_NOT_SETTLED_RETRY_SECONDS) },
  });

/** A new `pending` refund row of a charge (a full refund mirrors the charge's breakdown; a partial one is all subtotal). */
export function refundRowOf(parent: PaymentRow, amount: number, reason: string, idempotencyKey: string | null) {
  const full = amount === parent.amount;
  const now = nowIso();
  return {
    id: newId(),
    user_id: parent.user_id,
    purpose: "refund",
    payable_type: parent.payable_type,
    payable_id: parent.payable_id,
    location_id: parent.location_id,
    vehicle_id: parent.vehicle_id,
    kind: "refund",
    parent_payment_id: parent.id,
    gateway: parent.gateway,
    payment_method_id: parent.payment_method_id,
    // A refund goes back by the way its charge came (docs/decisions/0323).
    rail: parent.rail,
    currency: parent.currency,
    subtotal: full ? parent.subtotal : amount,
    convenience_fee: full ? parent.convenience_fee : 0,
    processing_fee: full ? parent.processing_fee : 0,
    tax: full ? parent.tax : 0,
    amount,
    status: "pending",
    provider_ref: null,
    action_url: null,
    failure_code: null,
    idempotency_key: idempotencyKey,
    description: reason.slice(0, 250),
    created_at: now,
    updated_at: now,
  } as const;
}

/**
 * Refunds a successful charge (all or part), or refuses; it never answers another request's
 * refund (docs/decisions/0115). Same three steps as a charge: a `pending` refund row (at most one
 * in flight per charge, a unique index; a second request meanwhile is told 409 with Retry-After),
 * the gateway call with the refund's id as its reference, the outcome. A call with the
 * Idempotency-Key of an earlier refund of the charge that did not fail answers that refund
 * (`replayed`). Fully refunded charges become `refunded` and the payable's `onRefunded` runs.
 */
export async function refundPayment(deps: LedgerDeps, input: RefundPaymentInput): Promise<RefundResult> {
  const started = await inTransaction(deps.db, async (tx) => {
    const parent = await lockPayment(tx, input.paymentId);
    if (parent?.kind !== "charge") throw new AppError("invalid_refund", { detail: "not a charge" });
    if (parent.status === "pending" || parent.status === "requires_action") throw chargeNotSettled();
    const earlier = input.idempotencyKey ? await findRefundByKey(tx, parent.id, input.idempotencyKey) : undefined;
    if (earlier && earlier.status !== "failed") return { refund: earlier, charge: parent, replayed: true };
    const orphan = parent.status === "failed" && parent.provider_ref !== null;
    if (!(parent.status === "succeeded" || orphan) || !parent.provider_ref)
      throw new AppError("invalid_refund", { detail: `payment ${parent.id} is ${parent.status}` });
    if (await findPendingRefundOf(tx, parent.id)) throw refundInFlight();
    const remaining = parent.amount - (await refundedAmountOf(tx, parent.id));
    const amount = input.amount ?? remaining;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining)
      throw new AppError("invalid_refund", { detail: `refund ${amount} of ${remaining} left` });
    const row = await insertPayment(tx, refundRowOf(parent, amount, input.reason, input.idempotencyKey ?? null));
    // Written with the refund: should its answer be lost (a timeout, a crash), the job asks the gateway.
    await enqueue(
      tx,
      JOB_SETTLE_REFUND,
      { refundId: row.id },
      { runAt: isoAfter(RECONCILE_AFTER_SECONDS), dedupeKey: `settle-refund:${row.id}`, maxAttempts: 20 },
    );
    return { refund: row, charge: parent, replayed: false };
  });
  const { refund, charge, replayed } = started;
  if (replayed && refund.status !== "pending") return { status: statusOf(refund), refund, replayed };

  let outcome: RefundOutcome;
  try {
    outcome = await gatewayFor(deps.providers.payments, charge.gateway, charge.currency).refund({
      reference: refund.id,
      providerChargeRef: charge.provider_ref ?? "",
      amount: refund.amount,
      currency: charge.currency,
      reason: input.reason,
    });
  } catch (error) {
    deps.log.warn({ err: error, refundId: refund.id }, "refund outcome unknown; left pending for the sweep");
    return { status: "pending", refund, replayed };
  }
  const settled = await settleRefund(deps, refund.id, outcome);
  return { status: statusOf(settled), refund: settled, replayed };
}

/**
 * The settle-refund job's step (reconcile.ts): asks the gateway about a refund still pending and
 * records the answer. Throws when the gateway cannot tell; the job retries.
 */
export async function reconcileRefund(deps: LedgerDeps, refund: PaymentRow): Promise<PaymentRow> {
  const charge = refund.parent_payment_id ? await findPaymentById(deps.db, refund.parent_payment_id) : undefined;
  if (!charge?.provider_ref) return settleRefund(deps, refund.id, null);
  const outcome = await gatewayFor(deps.providers.payments, charge.gateway, charge.currency).findRefund({
    reference: refund.id,
    providerChargeRef: charge.provider_ref,
    amount: refund.amount,
    refundedBefore: await refundedAmountOf(deps.db, charge.id),
  });
  return settleRefund(deps, refund.id, outcome);
}

const statusOf = (refund: PaymentRow): RefundResult["status"] =>
  refund.status === "succeeded" ? "succeeded" : refund.status === "failed" ? "failed" : "pending";

/**
 * Step 3 of a refund, shared by the refund call and the sweep: records what the gateway says.
 * `null` means the gateway never made it (failed: the amount is refundable again). Settling twice
 * is harmless: only a `pending` refund changes. A charge refunded in full becomes `refunded` and
 * its payable's `onRefunded` runs.
 */
export async function settleRefund(
  deps: LedgerDeps,
  refundId: string,
  outcome: RefundOutcome | null,
): Promise<PaymentRow> {
  return inTransaction(deps.db, (tx) => settleRefundIn(tx, refundId, outcome));
}

/** `settleRefund` inside a caller's transaction (a refund the provider made on its own is inserted and settled in one). */
export async function settleRefundIn(tx: Tx, refundId: string, outcome: RefundOutcome | null): Promise<PaymentRow> {
  // The lock order (ARCHITECTURE.md): the payable's own locks, the charge, then its refund.
  const found = await findPaymentById(tx, refundId);
  if (found) await handlersOf(found.payable_type)?.lockPayable?.(tx, found.payable_id);
  const chargeId = found?.parent_payment_id;
  const parent = chargeId ? await lockPayment(tx, chargeId) : undefined;
  const current = await lockPayment(tx, refundId);
  if (!current || !parent) throw new Error(`refund ${refundId} or its charge not found`);
  if (current.status !== "pending") return current;
  const now = nowIso();
  if (outcome?.status !== "succeeded")
    return updateLedgerRow(tx, current, {
      status: "failed",
      provider_ref: outcome?.providerRef ?? null,
      failure_code: "invalid_refund",
      updated_at: now,
    });
  const succeeded = await updateLedgerRow(tx, current, {
    status: "succeeded",
    provider_ref: outcome.providerRef,
    updated_at: now,
  });
  // A balance spend's refund goes back to that balance, in this transaction (its row is the last lock).
  if (parent.gateway === BALANCE_GATEWAY) await creditRefund(tx, succeeded, parent);
  for (const listener of refundSucceededListeners()) await listener(tx, succeeded, parent);
  if (parent.status === "succeeded" && (await refundedAmountOf(tx, parent.id)) >= parent.amount) {
    const refundedCharge = await updateLedgerRow(tx, parent, { status: "refunded", updated_at: now });
    await handlersOf(parent.payable_type)?.onRefunded?.(tx, succeeded, refundedCharge);
  }
  return succeeded;
}
