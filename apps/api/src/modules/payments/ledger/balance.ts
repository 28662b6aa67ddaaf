import { BALANCE_SOURCE } from "@estaciona/contracts/balance";
import type { Tx } from "../../../db/database.ts";
import { AppError } from "../../../lib/errors.ts";
import { lockActiveUser } from "../../users/service.ts";
import {
  creditBalance,
  debitBalance,
  ensureBalance,
  findBalanceForLocation,
  findMovement,
  insertMovementOnce,
} from "../balance-repository.ts";
import type { PaymentRow } from "../repository.ts";

/**
 * Paying from the prepaid balance (docs/decisions/0210, 0211). The balance is the ledger's own
 * "gateway": a spend is debited in step 1's transaction with the charge row, so the charge exists
 * exactly when the money was taken, and step 2 asks no one. Lock order (ARCHITECTURE.md,
 * docs/decisions/0140 and 0141): the driver's row first, then the caller's payable locks, the
 * charge's insert, and the balance row last (a leaf: held by no one who waits for another lock).
 */

export const BALANCE_GATEWAY = "balance";
export const isBalanceSource = (paymentMethodId: string): boolean => paymentMethodId === BALANCE_SOURCE;

/** What paid a charge, as a pay call names it: the card's uuid, or `"balance"`. */
export const paymentSourceOf = (payment: Pick<PaymentRow, "gateway" | "payment_method_id">): string | null =>
  payment.gateway === BALANCE_GATEWAY ? BALANCE_SOURCE : payment.payment_method_id;

const insufficient = () =>
  new AppError("invalid_payment", { status: 402, messageKey: "payments.balance_insufficient" });

/** Level 0 of the lock order, first in a balance spend's step 1: the account gone answers 401. */
export async function lockDriverForSpend(tx: Tx, userId: string): Promise<void> {
  if (!(await lockActiveUser(tx, userId))) throw new AppError("authentication_error");
}

/**
 * Last in step 1 of a balance spend, after its charge row is inserted: the balance that pays at
 * the charge's location loses the charge's total, or the whole step is refused (nothing written).
 */
export async function debitForCharge(tx: Tx, charge: PaymentRow): Promise<void> {
  if (!charge.location_id) throw insufficient();
  const balance = await findBalanceForLocation(tx, charge.user_id, charge.location_id);
  if (balance?.currency !== charge.currency) throw insufficient();
  if (!(await debitBalance(tx, balance.id, charge.amount, charge.created_at))) throw insufficient();
  await insertMovementOnce(tx, {
    balance_id: balance.id,
    kind: "spend",
    amount: -charge.amount,
    payment_id: charge.id,
    created_at: charge.created_at,
  });
}

/** In the transaction that settles a refund of a balance spend: the money goes back to that balance, once. */
export async function creditRefund(tx: Tx, refund: PaymentRow, charge: PaymentRow): Promise<void> {
  const spend = await findMovement(tx, "spend", charge.id);
  if (!spend) throw new Error(`balance charge ${charge.id} has no spend movement`);
  const written = await insertMovementOnce(tx, {
    balance_id: spend.balance_id,
    kind: "refund",
    amount: refund.amount,
    payment_id: refund.id,
    created_at: refund.updated_at,
  });
  if (written) await creditBalance(tx, spend.balance_id, refund.amount, refund.updated_at);
}

/**
 * A pass or an event place paid by reference after it expired (docs/decisions/0281, 0314): its place
 * was released, so the money is kept for the driver in their balance at that operator, once (a
 * `refund` movement of that charge), even past the balance's cap: refusing would strand cash.
 */
export async function creditPaidLateToBalance(tx: Tx, charge: PaymentRow, organisationId: string): Promise<void> {
  const owner = { userId: charge.user_id, organisationId, currency: charge.currency };
  const balance = await ensureBalance(tx, owner);
  const written = await insertMovementOnce(tx, {
    balance_id: balance.id,
    kind: "refund",
    amount: charge.amount,
    payment_id: charge.id,
    created_at: charge.updated_at,
  });
  if (written) await creditBalance(tx, balance.id, charge.amount, charge.updated_at);
}
