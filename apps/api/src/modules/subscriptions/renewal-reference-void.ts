import type { Tx } from "../../db/database.ts";
import { isoAfter } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import { voidAwaitingReference } from "../payments/ledger.ts";
import type { SubscriptionRow } from "./repository/passes.ts";
import { findLatestChargeOfPeriod, findPeriod, lockPassAndPeriod } from "./repository/periods.ts";

/** Tells the driver a renewal reference they were sent is void: not to pay it (docs/decisions/0316). */
export const JOB_REFERENCE_VOIDED = "subscriptions.renewal_reference_voided";

/**
 * The notice waits this long after the cancel: a send of the reference itself that had read it
 * awaiting payment just before the cancel has finished by then, so the notice sees it went out.
 */
const VOIDED_NOTICE_DELAY_SECONDS = 60;

// Kept apart from renewal-reference.ts: the cancel reaches it without loading billing.ts, whose
// registration with the ledger must not run while the ledger itself is still loading.
/**
 * The driver cancelled a pass whose period `number` has a reference waiting to be paid
 * (docs/decisions/0316): the next period's renewal reference when the pass ends at its period's end,
 * the running one's when a pass not yet paid ends now. That period will not run, so its reference is
 * voided in the cancel's transaction — gone from "to pay" and the pass's page, no longer counted
 * against the cap. Called with the pass locked; the period is locked before the charge (the ledger's
 * order). A payment the gateway still takes lands on a failed charge and is kept in the driver's
 * balance (decisions 0281, 0314). The notice goes only to a driver who was sent the renewal reference.
 */
export async function voidPeriodReference(tx: Tx, subscription: SubscriptionRow, number: number): Promise<void> {
  const period = await findPeriod(tx, subscription.id, number);
  const charge = period && (await findLatestChargeOfPeriod(tx, period.id));
  if (!period || !charge || (charge.status !== "pending" && charge.status !== "requires_action")) return;
  await lockPassAndPeriod(tx, period.id);
  if (await voidAwaitingReference(tx, charge.id, "subscription_already_canceled"))
    await enqueue(
      tx,
      JOB_REFERENCE_VOIDED,
      { paymentId: charge.id },
      { runAt: isoAfter(VOIDED_NOTICE_DELAY_SECONDS), dedupeKey: `renewal-reference-voided:${charge.id}` },
    );
}
