import type { ErrorCode } from "@estaciona/contracts";
import { referenceRailOf } from "@estaciona/contracts/payment-rails";
import type { Tx } from "../../../db/database.ts";
import { nowIso } from "../../../lib/time.ts";
import { handlersOf } from "../ledger/payables.ts";
import { updateLedgerRow } from "../ledger/revenue-days.ts";
import { lockPayment } from "../repository.ts";

/** Why a reference is voided: its failure code, which tells a voided reference from an expired one. */
const VOID_REASONS = ["subscription_already_canceled"] as const satisfies readonly ErrorCode[];
type VoidReason = (typeof VOID_REASONS)[number];

/** Whether a failed reference charge was voided (its driver told not to pay it) rather than left to expire. */
export const isVoidReason = (code: string | null): boolean => VOID_REASONS.some((reason) => reason === code);

/**
 * A reference whose payable will not happen any more (a pass cancelled after its renewal reference
 * was issued, docs/decisions/0316) is voided in the caller's transaction: the charge becomes `failed`
 * with the caller's reason, so it leaves the driver's "to pay" lists and the cap, and its payable
 * hears it through `onFailed` as from any failure. The gateway documents no way to withdraw a cash or
 * SPEI order, so a payment that still reaches it lands on a failed charge: the ledger's late payment
 * (decision 0281), kept as the payable says (a pass's: the driver's balance, decision 0314).
 *
 * The caller holds the payable's locks first (the lock order); the payment row is locked here. Only a
 * reference still awaiting payment moves: a card's 3-D Secure charge, a paid or failed one is left
 * alone. Returns whether this call voided it.
 */
export async function voidAwaitingReference(tx: Tx, paymentId: string, reason: VoidReason): Promise<boolean> {
  const payment = await lockPayment(tx, paymentId);
  if (!payment || !referenceRailOf(payment.rail)) return false;
  if (payment.status !== "pending" && payment.status !== "requires_action") return false;
  const voided = await updateLedgerRow(tx, payment, {
    status: "failed",
    action_url: null,
    failure_code: reason,
    updated_at: nowIso(),
  });
  await handlersOf(voided.payable_type)?.onFailed?.(tx, voided, { reachedProvider: voided.provider_ref !== null });
  return true;
}
