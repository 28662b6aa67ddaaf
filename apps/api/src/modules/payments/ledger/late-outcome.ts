import type { Tx } from "../../../db/database.ts";
import { nowIso } from "../../../lib/time.ts";
import { enqueue } from "../../jobs/queue.ts";
import type { ChargeOutcome } from "../gateway.ts";
import { noticeIfReferencePaid } from "../references/paid-notice.ts";
import type { PaymentRow } from "../repository.ts";
import { JOB_REFUND, type LedgerDeps, type PayableHandlers } from "./payables.ts";
import { updateLedgerRow } from "./revenue-days.ts";

/**
 * Step 3 for a charge already settled: only "the provider took the money after we gave the attempt
 * up" changes anything. A reference paid after it expired goes where its payable says (credited to a
 * balance, docs/decisions/0281); any other such charge is given back, loudly.
 */
export async function recordLateOutcome(
  deps: LedgerDeps,
  tx: Tx,
  payment: PaymentRow,
  outcome: ChargeOutcome | null,
  handlers: PayableHandlers | undefined,
): Promise<{ payment: PaymentRow; recorded: boolean }> {
  if (payment.status !== "failed" || outcome?.status !== "succeeded") return { payment, recorded: false };
  const now = nowIso();
  if (handlers?.onPaidLate) {
    const paid = await updateLedgerRow(tx, payment, {
      status: "succeeded",
      provider_ref: outcome.providerRef,
      failure_code: null,
      updated_at: now,
    });
    await handlers.onPaidLate(tx, paid);
    await noticeIfReferencePaid(tx, paid);
    deps.log.warn({ paymentId: payment.id }, "reference paid after it expired; kept as its payable says");
    return { payment: paid, recorded: true };
  }
  deps.log.error({ paymentId: payment.id }, "charge succeeded at the provider after it was marked failed; refunding");
  await updateLedgerRow(tx, payment, { provider_ref: outcome.providerRef, updated_at: now });
  await enqueue(
    tx,
    JOB_REFUND,
    { paymentId: payment.id, reason: "orphan_charge" },
    { dedupeKey: `refund:${payment.id}`, maxAttempts: 20 },
  );
  return { payment, recorded: false };
}
