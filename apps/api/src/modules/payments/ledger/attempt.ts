import type { Currency, PayableType } from "@estaciona/contracts";
import type { PaymentRail } from "@estaciona/contracts/payment-rails";
import type { Tx } from "../../../db/database.ts";
import { isoAfter, nowIso } from "../../../lib/time.ts";
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
 * Step 1's write, the same for a card, a balance spend and a reference: the charge row `pending` and
 * its reconciliation scheduled, in the caller's transaction, so an attempt cut off anywhere after
 * this is still asked about and settled.
 */
export async function insertChargeAttempt(tx: Tx, attempt: ChargeAttempt): Promise<PaymentRow> {
  const now = nowIso();
  const row = await insertPayment(tx, {
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
  const job = { runAt: isoAfter(RECONCILE_AFTER_SECONDS), dedupeKey: `reconcile:${attempt.id}`, maxAttempts: 20 };
  await enqueue(tx, JOB_RECONCILE, { paymentId: attempt.id }, job);
  return row;
}
