import type { PayableType } from "@estaciona/contracts";
import type { Tx } from "../../db/database.ts";
import { type PaymentRow, registerPayable } from "../payments/ledger.ts";
import { creditBalance, insertMovementOnce } from "../payments/service.ts";
import { lockTopUp, settleTopUpIfPending, settleTopUpPaidLate, type TopUpRow } from "./repository.ts";

/** The payable a top-up's card charge pays (docs/decisions/0210). */
export const PAYABLE_TOP_UP: PayableType = "balance_top_up";

/**
 * How the ledger moves a top-up when its charge settles (the call, a 3-D Secure return or the
 * reconciliation job): success credits the balance once, as a `top_up` movement of that charge;
 * the balance row is the transaction's last lock. A reference paid late is credited too.
 */
async function creditTopUp(tx: Tx, topUp: TopUpRow | undefined, payment: PaymentRow): Promise<void> {
  if (!topUp) return;
  const written = await insertMovementOnce(tx, {
    balance_id: topUp.balance_id,
    kind: "top_up",
    amount: topUp.amount,
    payment_id: payment.id,
    created_at: payment.updated_at,
  });
  if (written) await creditBalance(tx, topUp.balance_id, topUp.amount, payment.updated_at);
}

registerPayable(PAYABLE_TOP_UP, {
  lockPayable: async (tx: Tx, topUpId: string) => {
    await lockTopUp(tx, topUpId);
  },
  async onSucceeded(tx: Tx, payment: PaymentRow) {
    await creditTopUp(tx, await settleTopUpIfPending(tx, payment.payable_id, "paid", payment.updated_at), payment);
  },
  async onFailed(tx: Tx, payment: PaymentRow) {
    await settleTopUpIfPending(tx, payment.payable_id, "failed", payment.updated_at);
  },
  /** A reference paid after it expired (docs/decisions/0281): still a top-up, credited once, even past the cap. */
  async onPaidLate(tx: Tx, payment: PaymentRow) {
    await creditTopUp(tx, await settleTopUpPaidLate(tx, payment.payable_id, payment.updated_at), payment);
  },
});
