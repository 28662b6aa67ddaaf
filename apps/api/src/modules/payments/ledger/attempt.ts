import type { Currency, PayableType } from "@estaciona/contracts";
import type { PaymentRail } from "@estaciona/contracts/payment-rails";
import type { Executor, Tx } from "../../../db/database.ts";
import { nowIso } from "../../../lib/time.ts";
import { enqueue } from "../../jobs/queue.ts";
import { insertPayment, type PaymentRow } from "../repository.ts";
import { type AmountBreakdown, JOB_RECONCILE, type PaymentPurpose } from "./payables.ts";

/** Seconds after which an unsettled attempt is asked about (docs/product/money.md). */
export const RECONCILE_AFTER_SECONDS = 30;

export interface ChargeAttempt {
  id: string;
  userId: string;
  purpose: PaymentPurpose;
  payable: { type: PayableType; id: string; locationId: string | null; vehicleId: string | null };
  breakdown: AmountBreakdown;
  currency: Currency;
  /** The gateway that is asked (a card's, Mexico's for a reference, the balance's own). */
  gateway: string;
  /** The card charged; null for a reference or the balance. */
  paymentMethodId: string | null;
  /** How the money comes (rail-of-charge.ts), kept on the row and copied to its refunds. */
  rail: PaymentRail;
  idempotencyKey: string | null;
  description: string;
}

/**
 * Step 1's write, the same for a card, a balance spend and a reference: the charge row `pending`,
 * in the caller's transaction. The row is its own way back after a crash: an attempt still
 * `pending` 30 s on with no reconciliation job is found by the sweep (`sweepCutOffAttempts`),
 * and one whose outcome is unknown or awaited gets its job at once (`scheduleReconciliation`,
 * docs/decisions/0352).
 */
export async function insertChargeAttempt(tx: Tx, attempt: ChargeAttempt): Promise<PaymentRow> {
  const now = nowIso();
  return insertPayment(tx, {
    id: attempt.id,
    user_id: attempt.userId,
    purpose: attempt.purpose,
    payable_type: attempt.payable.type,
    payable_id: attempt.payable.id,
    location_id: attempt.payable.locationId,
    vehicle_id: attempt.payable.vehicleId,
    kind: "charge",
    parent_payment_id: null,
    gateway: attempt.gateway,
    payment_method_id: attempt.paymentMethodId,
    rail: attempt.rail,
    currency: attempt.currency,
    subtotal: attempt.breakdown.subtotal,
    convenience_fee: attempt.breakdown.convenience_fee,
    processing_fee: attempt.breakdown.processing_fee,
    tax: attempt.breakdown.tax,
    amount: attempt.breakdown.total,
    status: "pending",
    provider_ref: null,
    action_url: null,
    failure_code: null,
    idempotency_key: attempt.idempotencyKey,
    description: attempt.description.slice(0, 250),
    created_at: now,
    updated_at: now,
  });
}

/** The dedupe key of a charge's reconciliation job: one live job per charge. */
export const reconcileKey = (paymentId: string): string => `reconcile:${paymentId}`;

/**
 * Schedules the reconciliation of a charge left unsettled (its outcome unknown, or awaited: a
 * 3-D Secure challenge, a reference; or cut off by a crash), due 30 s after the attempt was made;
 * a live job for it is kept, not doubled.
 */
export async function scheduleReconciliation(
  db: Executor,
  attempt: Pick<PaymentRow, "id" | "created_at">,
): Promise<void> {
  const runAt = new Date(Date.parse(attempt.created_at) + RECONCILE_AFTER_SECONDS * 1000).toISOString();
  await enqueue(
    db,
    JOB_RECONCILE,
    { paymentId: attempt.id },
    { runAt, dedupeKey: reconcileKey(attempt.id), maxAttempts: 20 },
  );
}
