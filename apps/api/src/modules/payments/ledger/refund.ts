import { AppError } from "../../../lib/errors.ts";
import { newId } from "../../../lib/ids.ts";
import { nowIso } from "../../../lib/time.ts";
import { gatewayFor, type RefundOutcome } from "../gateway.ts";
import {
  findPendingRefundOf,
  insertPayment,
  lockPayment,
  type PaymentRow,
  refundedAmountOf,
  updatePayment,
} from "../repository.ts";
import { handlersOf, type LedgerDeps } from "./payables.ts";

/** Giving money back: the same three steps as a charge (ledger.ts), for all or part of one. */

export type RefundResult =
  | { status: "succeeded"; refund: PaymentRow }
  | { status: "failed"; refund: PaymentRow }
  | { status: "pending"; refund: PaymentRow };

export interface RefundPaymentInput {
  /** The charge to refund. */
  paymentId: string;
  /** Minor units; default: what is left to refund. */
  amount?: number;
  reason: string;
  idempotencyKey?: string | null;
}

/**
 * Refunds a successful charge (all or part). Same three steps as a charge: a `pending` refund row
 * (at most one in flight per charge; a retry reuses it and its reference), the gateway call, the
 * outcome. Fully refunded charges become `refunded` and the payable's `onRefunded` runs.
 */
export async function refundPayment(deps: LedgerDeps, input: RefundPaymentInput): Promise<RefundResult> {
  const { refund, charge } = await deps.db.transaction().execute(async (tx) => {
    const parent = await lockPayment(tx, input.paymentId);
    const orphan = parent?.status === "failed" && parent.provider_ref !== null;
    if (parent?.kind !== "charge" || !(parent.status === "succeeded" || orphan) || !parent.provider_ref)
      throw new AppError("invalid_refund", { detail: `payment ${input.paymentId} cannot be refunded` });
    const inFlight = await findPendingRefundOf(tx, parent.id);
    if (inFlight) return { refund: inFlight, charge: parent };
    const remaining = parent.amount - (await refundedAmountOf(tx, parent.id));
    const amount = input.amount ?? remaining;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining)
      throw new AppError("invalid_refund", { detail: `refund ${amount} of ${remaining} left` });
    const full = amount === parent.amount;
    const now = nowIso();
    const row = await insertPayment(tx, {
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
      currency: parent.currency,
      // A full refund mirrors the charge's breakdown; a partial one is all subtotal.
      subtotal: full ? parent.subtotal : amount,
      convenience_fee: full ? parent.convenience_fee : 0,
      processing_fee: full ? parent.processing_fee : 0,
      tax: full ? parent.tax : 0,
      amount,
      status: "pending",
      provider_ref: null,
      action_url: null,
      failure_code: null,
      idempotency_key: input.idempotencyKey ?? null,
      description: input.reason.slice(0, 250),
      created_at: now,
      updated_at: now,
    });
    return { refund: row, charge: parent };
  });

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
    deps.log.warn({ err: error, refundId: refund.id }, "refund outcome unknown; left pending");
    return { status: "pending", refund };
  }

  return deps.db.transaction().execute(async (tx): Promise<RefundResult> => {
    const current = await lockPayment(tx, refund.id);
    if (current?.status !== "pending")
      return { status: current?.status === "succeeded" ? "succeeded" : "failed", refund: current ?? refund };
    const now = nowIso();
    if (outcome.status === "failed") {
      const failed = await updatePayment(tx, refund.id, {
        status: "failed",
        provider_ref: outcome.providerRef,
        failure_code: "invalid_refund",
        updated_at: now,
      });
      return { status: "failed", refund: failed };
    }
    const succeeded = await updatePayment(tx, refund.id, {
      status: "succeeded",
      provider_ref: outcome.providerRef,
      updated_at: now,
    });
    const parent = await lockPayment(tx, charge.id);
    if (parent && parent.status === "succeeded" && (await refundedAmountOf(tx, charge.id)) >= parent.amount) {
      const refundedCharge = await updatePayment(tx, charge.id, { status: "refunded", updated_at: now });
      await handlersOf(charge.payable_type)?.onRefunded?.(tx, succeeded, refundedCharge);
    }
    return { status: "succeeded", refund: succeeded };
  });
}
