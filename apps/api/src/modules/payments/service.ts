import { type Country, CURRENCY_BY_COUNTRY } from "@estaciona/contracts";
import type { PaymentMethod, PaymentState } from "@estaciona/contracts/schemas/payment";
import type { Tx } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { revokeExtendLinksOfCard } from "../reminders/index.ts";
import { lockActiveUser } from "../users/repository.ts";
import { gatewayFor } from "./gateway.ts";
import { chargeFailure, type LedgerDeps, refreshCharge } from "./ledger.ts";
import {
  findCardOfUser,
  hasOtherVerifiedCard,
  listVerifiedCardsOfUser,
  type PaymentMethodRow,
  setDefaultCard,
  setUserCardFlag,
  softDeleteCard,
} from "./repository.ts";

/**
 * A driver's saved cards (docs/product/money.md): listing, the default card and the removal rules,
 * with the hooks other features register on them; the 3-D Secure return of any charge. Saving a
 * card is card-saving.ts, the card form card-form.ts.
 */

export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    uuid: row.id,
    card_number: `•••• ${row.last4}`,
    expiration: `${String(row.exp_month).padStart(2, "0")}/${String(row.exp_year % 100).padStart(2, "0")}`,
    is_default: row.is_default === 1,
    brand: row.brand,
    country: row.country,
    free_flow: row.free_flow === 1,
    holder_name: row.holder_name,
  };
}

export async function listPaymentMethods(deps: LedgerDeps, userId: string): Promise<PaymentMethod[]> {
  return (await listVerifiedCardsOfUser(deps.db, userId)).map(toPaymentMethod);
}

/**
 * `POST user/payment/3ds/complete`: the charge re-read from the gateway after its 3-D Secure
 * challenge; a decline answers its catalogue code.
 */
export async function completeThreeDs(deps: LedgerDeps, userId: string, paymentId: string): Promise<PaymentState> {
  const result = await refreshCharge(deps, userId, paymentId);
  const failure = result.status === "failed" ? chargeFailure(result) : null;
  if (failure) throw failure;
  return {
    payment: result.payment.id,
    purpose: result.payment.purpose,
    status: result.payment.status,
    redirect_url: result.status === "requires_action" ? result.redirectUrl : null,
    failure_code: result.payment.failure_code,
  };
}

/**
 * One of the driver's cards, with the driver's row locked for the rest of the transaction: card
 * changes of one driver (default, removal) run one at a time, and not against an account deletion.
 */
async function lockCardOfUser(tx: Tx, userId: string, methodId: string): Promise<PaymentMethodRow> {
  await lockActiveUser(tx, userId);
  const method = await findCardOfUser(tx, userId, methodId, { verified: true });
  if (!method) throw new AppError("object_not_found");
  return method;
}

export async function setDefaultPaymentMethod(
  deps: LedgerDeps,
  userId: string,
  methodId: string,
): Promise<PaymentMethod> {
  return deps.db.transaction().execute(async (tx) => {
    const method = await lockCardOfUser(tx, userId, methodId);
    const updated = await setDefaultCard(tx, method, nowIso());
    await notifyDefaultCard(tx, updated);
    return toPaymentMethod(updated);
  });
}

/** Told, in the transaction that made it so, that a driver has a new default card in a country. */
export type DefaultCardListener = (tx: Tx, input: { userId: string; country: Country }) => Promise<void>;
const defaultCardListeners: DefaultCardListener[] = [];

/** Other features act on a new default card (passes waiting for a payment retry it at once). */
export function registerDefaultCardListener(listener: DefaultCardListener): void {
  defaultCardListeners.push(listener);
}

export async function notifyDefaultCard(tx: Tx, card: PaymentMethodRow): Promise<void> {
  if (card.is_default !== 1 || card.deleted_at !== null) return;
  for (const listener of defaultCardListeners) await listener(tx, { userId: card.user_id, country: card.country });
}

/** A rule that may forbid removing a driver's last card in a country (throws an AppError). */
export type CardRemovalCheck = (tx: Tx, input: { userId: string; country: Country }) => Promise<void>;
const cardRemovalChecks: CardRemovalCheck[] = [];

/**
 * Other features add their reasons to keep the last card (an active pass, an unpaid stay):
 * `registerCardRemovalCheck(async (tx, { userId, country }) => { if (...) throw new AppError("invalid_payment_source_delete"); })`.
 */
export function registerCardRemovalCheck(check: CardRemovalCheck): void {
  cardRemovalChecks.push(check);
}

/**
 * The removal rules (docs/product/money.md): with other cards in the country, the default one cannot go
 * (`card_default_delete`: choose another default first); the last one can go unless a
 * registered check needs it (`invalid_payment_source_delete`).
 */
export async function assertCardCanBeRemoved(tx: Tx, method: PaymentMethodRow): Promise<{ last: boolean }> {
  if (await hasOtherVerifiedCard(tx, method)) {
    if (method.is_default === 1) throw new AppError("card_default_delete");
    return { last: false };
  }
  for (const check of cardRemovalChecks) await check(tx, { userId: method.user_id, country: method.country });
  return { last: true };
}

export async function deletePaymentMethod(deps: LedgerDeps, userId: string, methodId: string): Promise<void> {
  const method = await deps.db.transaction().execute(async (tx) => {
    const found = await lockCardOfUser(tx, userId, methodId);
    const { last } = await assertCardCanBeRemoved(tx, found);
    const now = nowIso();
    await softDeleteCard(tx, found.id, now);
    // The reminders' extend links that would charge it stop working (docs/decisions/0196).
    await revokeExtendLinksOfCard(tx, found.id);
    if (last) await setUserCardFlag(tx, userId, found.country, false, now);
    return found;
  });
  try {
    await gatewayFor(deps.providers.payments, method.gateway, CURRENCY_BY_COUNTRY[method.country]).deleteCard({
      customerRef: method.customer_ref,
      cardRef: method.card_ref,
    });
  } catch (error) {
    // Our copy is gone, so it is never charged again; the provider's copy is only a leftover.
    deps.log.warn({ err: error, methodId }, "could not delete the card at the provider");
  }
}

export {
  type BalanceRow,
  creditBalance,
  debitBalance,
  ensureBalance,
  findBalanceForLocation,
  insertMovementOnce,
  listBalancesOfUser,
  listMovementsOf,
  lockBalance,
} from "./balance-repository.ts";
/**
 * The card a feature charges when the driver names none (the country's default; a freeflow exit
 * prefers a freeflow card): the features read it here, through the module's entry.
 */
export { findCardOfUser, findCardToCharge } from "./repository.ts";
