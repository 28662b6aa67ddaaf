import { inTransaction } from "../../../db/database.ts";
import { nowIso } from "../../../lib/time.ts";
import { type GatewayName, gatewayFor } from "../gateway.ts";
import {
  findChargeByProviderRef,
  findPaymentById,
  findPendingRefundOf,
  insertPayment,
  lockPayment,
  type PaymentRow,
  recordProviderRef,
  refundedAmountOf,
} from "../repository.ts";
import { settleCharge } from "./charge.ts";
import { handlersOf, type LedgerDeps } from "./payables.ts";
import { reconcileCharge } from "./reconcile.ts";
import { reconcileRefund, refundRowOf, settleRefundIn } from "./refund.ts";

/**
 * A provider's word about one of its charges (a verified webhook, docs/decisions/0155). The event
 * is only a hint: the charge is read back from the provider and settled by the sweep's own steps,
 * so an event that arrives late, twice or out of order can only confirm what the provider says now.
 */
export interface ProviderHint {
  gateway: GatewayName;
  /** Our payment id, when the event carries it (Conekta's order metadata, NMI's `order_id`). */
  reference: string | null;
  /** The provider's id of the charge (Conekta's order id, NMI's transaction id). */
  providerRef: string | null;
}

export type ProviderHintResult = { outcome: "applied" | "unmatched"; paymentId: string | null };

export async function applyProviderHint(deps: LedgerDeps, hint: ProviderHint): Promise<ProviderHintResult> {
  const charge = await chargeOfHint(deps, hint);
  if (!charge) return { outcome: "unmatched", paymentId: null };
  if (charge.status === "pending" || charge.status === "requires_action") {
    await reconcileCharge(deps, charge, "provider");
    return { outcome: "applied", paymentId: charge.id };
  }
  const inFlight = await findPendingRefundOf(deps.db, charge.id);
  if (inFlight) {
    // Our own refund's answer (the event of a refund we asked for): settled as the sweep would.
    await reconcileRefund(deps, inFlight);
    return { outcome: "applied", paymentId: charge.id };
  }
  const outcome = await gatewayFor(deps.providers.payments, charge.gateway, charge.currency).findCharge(
    charge.id,
    charge.provider_ref,
    charge.created_at,
  );
  if (outcome?.status !== "succeeded") return { outcome: "applied", paymentId: charge.id };
  // A charge we gave up on that the provider took after all: the ledger records it and gives it back.
  if (charge.status === "failed") await settleCharge(deps, charge.id, outcome);
  else if (outcome.refundedAmount !== undefined)
    await recordProviderRefunds(deps, charge.id, outcome.refundedAmount, outcome.providerRef);
  return { outcome: "applied", paymentId: charge.id };
}

async function chargeOfHint(deps: LedgerDeps, hint: ProviderHint): Promise<PaymentRow | undefined> {
  const byReference = async (reference: string) => {
    const found = await findPaymentById(deps.db, reference);
    return found?.kind === "charge" && found.gateway === hint.gateway ? found : undefined;
  };
  if (hint.reference) {
    const found = await byReference(hint.reference);
    if (found) return found;
  }
  if (!hint.providerRef) return undefined;
  const byProviderRef = await findChargeByProviderRef(deps.db, hint.gateway, hint.providerRef);
  if (byProviderRef) return byProviderRef;
  // An event naming only the provider's id (NetPay): the provider says which of our charges it is,
  // and that id is recorded on a charge that lost its create answer, so the lookups can ask by it.
  const { mx, us, netpay } = deps.providers.payments;
  const gateway = [mx, us, netpay].find((candidate) => candidate.name === hint.gateway);
  const reference = gateway?.referenceOf ? await gateway.referenceOf(hint.providerRef) : null;
  const charge = reference ? await byReference(reference) : undefined;
  if (!charge || (charge.provider_ref && charge.provider_ref !== hint.providerRef)) return undefined;
  if (!charge.provider_ref) await recordProviderRef(deps.db, charge.id, hint.providerRef, nowIso());
  return { ...charge, provider_ref: hint.providerRef };
}

/**
 * Money the provider gave back that the ledger does not know of (a refund made in the provider's
 * dashboard): one refund line of the difference, recorded as succeeded through the ledger's own
 * refund step, so a charge refunded in full becomes `refunded` and its payable hears of it.
 */
async function recordProviderRefunds(
  deps: LedgerDeps,
  chargeId: string,
  providerRefunded: number,
  providerRef: string,
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    // The lock order (ARCHITECTURE.md): the payable's own locks, then the charge.
    const found = await findPaymentById(tx, chargeId);
    if (found) await handlersOf(found.payable_type)?.lockPayable?.(tx, found.payable_id);
    const charge = await lockPayment(tx, chargeId);
    if (charge?.status !== "succeeded" || (await findPendingRefundOf(tx, charge.id))) return;
    const missing = Math.min(providerRefunded, charge.amount) - (await refundedAmountOf(tx, charge.id));
    if (missing <= 0) return;
    const row = await insertPayment(tx, refundRowOf(charge, missing, "provider_refund", null));
    await settleRefundIn(tx, row.id, { status: "succeeded", providerRef });
    deps.log.warn({ paymentId: charge.id, amount: missing }, "refund made at the provider recorded in the ledger");
  });
}
