import type { Balance } from "@estaciona/contracts/schemas/balance";
import { inTransaction } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { type LedgerDeps, refundPayment } from "../payments/ledger.ts";
import { creditBalance, debitBalance, insertMovementOnce, lockBalance } from "../payments/service.ts";
import { lockActiveUser } from "../users/service.ts";
import { listRefundableTopUpCharges } from "./repository.ts";
import { balanceOf } from "./service.ts";

/**
 * `POST user/balance/{uuid}/payout` (docs/decisions/0212): what is left of a balance goes back to
 * the cards it was topped up with, newest top-up first, each part a refund of that top-up's charge.
 * The balance is debited first, under the driver's row, so nothing is spent while the refunds run;
 * a refund the gateway refuses gives its part back to the balance (`payout_reversed`).
 */
export async function payOut(deps: LedgerDeps, user: Row<"users">, balanceId: string, key: string): Promise<Balance> {
  const parts = await inTransaction(deps.db, async (tx) => {
    if (!(await lockActiveUser(tx, user.id))) throw new AppError("authentication_error");
    const balance = await lockBalance(tx, balanceId);
    if (balance?.user_id !== user.id) throw new AppError("object_not_found");
    let left = balance.amount;
    if (left <= 0) throw new AppError("invalid_refund", { messageKey: "payments.balance_nothing_to_refund" });
    const planned: Array<{ chargeId: string; amount: number }> = [];
    for (const charge of await listRefundableTopUpCharges(tx, balance.id)) {
      const part = Math.min(left, charge.amount - Number(charge.refunded ?? 0));
      if (part <= 0) continue;
      planned.push({ chargeId: charge.id, amount: part });
      left -= part;
      if (left === 0) break;
    }
    const total = planned.reduce((sum, part) => sum + part.amount, 0);
    if (total === 0) throw new AppError("invalid_refund", { messageKey: "payments.balance_nothing_to_refund" });
    const at = nowIso();
    if (!(await debitBalance(tx, balance.id, total, at))) throw new AppError("invalid_refund");
    for (const part of planned)
      await insertMovementOnce(tx, {
        balance_id: balance.id,
        kind: "payout",
        amount: -part.amount,
        payment_id: part.chargeId,
        created_at: at,
      });
    return planned;
  });
  for (const part of parts) {
    const result = await refundPayment(deps, {
      paymentId: part.chargeId,
      amount: part.amount,
      reason: "balance payout",
      idempotencyKey: `${key}:${part.chargeId}`,
    });
    if (result.status === "failed")
      await inTransaction(deps.db, async (tx) => {
        const at = nowIso();
        if (
          await insertMovementOnce(tx, {
            balance_id: balanceId,
            kind: "payout_reversed",
            amount: part.amount,
            payment_id: part.chargeId,
            created_at: at,
          })
        )
          await creditBalance(tx, balanceId, part.amount, at);
      });
  }
  return balanceOf(deps.db, user.id, balanceId);
}
