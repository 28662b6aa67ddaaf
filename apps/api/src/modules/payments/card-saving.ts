import { CARD_VERIFICATION_AMOUNT, CURRENCY_BY_COUNTRY, type Currency, FREEFLOW_TIME_ZONE } from "@estaciona/contracts";
import type { SavedCardAnswer } from "@estaciona/contracts/schemas/payment";
import { lockName } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError, tooManyRequests } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { isoBefore, nowIso, todayIn } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import { lockActiveUser } from "../users/repository.ts";
import { COUNTRY_OF_SLOT, type GatewaySlot } from "./card-form.ts";
import { type CardHolder, GatewayDeclinedError, GatewayUnavailableError, type PaymentGateway } from "./gateway.ts";
import {
  type ChargeResult,
  chargeFailure,
  chargePayable,
  declineToCode,
  JOB_REFUND,
  type LedgerDeps,
  providerUnavailable,
  refreshCharge,
  registerPayable,
} from "./ledger.ts";
import {
  cardAttemptsSince,
  findCardById,
  findChargeByIdempotencyKey,
  findPaymentCustomer,
  insertCard,
  insertCardAttempt,
  insertPaymentCustomerUnlessExists,
  lockCard,
  makeDefaultIfCountryHasNone,
  markCardVerified,
  setUserCardFlag,
  softDeleteCard,
  startFreeFlowOnce,
} from "./repository.ts";
import { notifyDefaultCard, toPaymentMethod } from "./service.ts";

/**
 * Saving a card (docs/product/money.md): the card-testing caps, the gateway's copy of the card and
 * the verification charge through the ledger, which verifies the card and schedules its refund.
 */

/** Verification charge per currency, minor units: 10 MXN (docs/product/constants.md); 1 USD in the USA (docs/decisions/0006). */
export const VERIFICATION_AMOUNT: Record<Currency, number> = { mxn: CARD_VERIFICATION_AMOUNT, usd: 100 };

/** The payable type of a card verification: the payment method itself. */
export const CARD_PAYABLE = "payment_method";

/** What saving a card needs: the ledger's dependencies and the card-testing caps. */
export interface PaymentsDeps extends LedgerDeps {
  config: LedgerDeps["config"] & {
    payments: { cardAddMaxPerUserPerDay: number; cardAddMaxPerIpPerHour: number };
  };
}

// The verification charge's payable: success verifies the card, makes it the default when the
// driver has none in that country, sets the user's flag (and the freeflow activation date for the
// first freeflow card) and schedules the refund, all in the transaction that records the success
// (so an unrefunded verification cannot be forgotten).
registerPayable(CARD_PAYABLE, {
  // The lock order (ARCHITECTURE.md, docs/decisions/0185): the driver's row (level 0: two of the
  // driver's cards verified at once must not both become the default, and card changes take it
  // too), then the card, before the ledger locks the verification's payment.
  async lockPayable(tx, methodId) {
    const card = await findCardById(tx, methodId);
    if (!card) return;
    await lockActiveUser(tx, card.user_id);
    await lockCard(tx, methodId);
  },
  async onSucceeded(tx, payment) {
    const now = nowIso();
    const method = await markCardVerified(tx, payment.payable_id, now);
    await makeDefaultIfCountryHasNone(tx, method);
    const saved = await findCardById(tx, method.id);
    if (saved) await notifyDefaultCard(tx, saved);
    await setUserCardFlag(tx, method.user_id, method.country, true, now);
    // Freeflow starts the day the driver's first freeflow card is saved (docs/product/entities-and-states.md: the welcome
    // page greets a driver whose activation is today; docs/decisions/0014).
    if (method.country === "mx" && method.free_flow === 1)
      await startFreeFlowOnce(tx, method.user_id, todayIn(FREEFLOW_TIME_ZONE, Date.parse(now)));
    await enqueue(
      tx,
      JOB_REFUND,
      { paymentId: payment.id, reason: "card_verification" },
      { dedupeKey: `refund:${payment.id}`, maxAttempts: 20 },
    );
  },
  async onFailed(tx, payment) {
    await softDeleteCard(tx, payment.payable_id, nowIso(), { unverifiedOnly: true });
  },
});

export interface SaveCardInput {
  user: Row<"users">;
  ip: string;
  slot: GatewaySlot;
  token: string;
  freeFlow: boolean;
  /** The USA form's own name and ZIP code; Mexico uses the profile. */
  holder?: { firstName: string; lastName: string; zipCode: string | null };
  idempotencyKey: string;
  /** Where the bank's 3-D Secure page sends the driver back (`driverOrigin`). */
  returnOrigin: string;
}

async function enforceCardCaps(deps: PaymentsDeps, userId: string, ip: string): Promise<void> {
  const { cardAddMaxPerUserPerDay, cardAddMaxPerIpPerHour } = deps.config.payments;
  await deps.db.transaction().execute(async (tx) => {
    // One user's attempts, then one IP's, run one at a time: parallel requests cannot all pass
    // the counts (docs/decisions/0013). Always in this order, so two attempts never wait on each other.
    await lockName(tx, `card-add-user:${userId}`);
    await lockName(tx, `card-add-ip:${ip}`);
    const byUser = await cardAttemptsSince(tx, { userId }, isoBefore(24 * 3600));
    if (byUser.length >= cardAddMaxPerUserPerDay) {
      const oldest = Date.parse(byUser[byUser.length - cardAddMaxPerUserPerDay]?.created_at ?? nowIso());
      throw tooManyRequests((oldest + 24 * 3600_000 - Date.now()) / 1000);
    }
    const byIp = await cardAttemptsSince(tx, { ip }, isoBefore(3600));
    if (byIp.length >= cardAddMaxPerIpPerHour) {
      const oldest = Date.parse(byIp[byIp.length - cardAddMaxPerIpPerHour]?.created_at ?? nowIso());
      throw tooManyRequests((oldest + 3600_000 - Date.now()) / 1000);
    }
    await insertCardAttempt(tx, { id: newId(), user_id: userId, ip, created_at: nowIso() });
  });
}

async function verificationAnswer(deps: LedgerDeps, result: ChargeResult): Promise<SavedCardAnswer> {
  const failure = chargeFailure(result);
  if (failure) throw failure;
  const method = result.status === "succeeded" ? await findCardById(deps.db, result.payment.payable_id) : undefined;
  return {
    payment_method: method ? toPaymentMethod(method) : null,
    verification: {
      payment: result.payment.id,
      status: result.status === "succeeded" ? "succeeded" : "requires_action",
      redirect_url: result.status === "requires_action" ? result.redirectUrl : null,
    },
  };
}

/**
 * Saves a card: profile check → card-testing caps → gateway.saveCard → the verification charge
 * through the ledger (its success verifies the card and schedules the refund). A decline maps to
 * card_expired / cvc_invalid / invalid_payment_method / invalid_verification_payment.
 */
export async function saveCard(deps: PaymentsDeps, input: SaveCardInput): Promise<SavedCardAnswer> {
  const { user } = input;
  if (!user.first_name || !user.last_name || !user.email) throw new AppError("missing_email");
  const gateway: PaymentGateway = deps.providers.payments[input.slot];
  const country = COUNTRY_OF_SLOT[input.slot];
  const currency = CURRENCY_BY_COUNTRY[country];

  // A retry of a request whose verification is already under way answers that attempt, never a second card.
  const earlier = await findChargeByIdempotencyKey(deps.db, user.id, input.idempotencyKey);
  if (earlier?.purpose === "card_verification")
    return verificationAnswer(deps, await refreshCharge(deps, user.id, earlier.id));

  await enforceCardCaps(deps, user.id, input.ip);

  const customer = await findPaymentCustomer(deps.db, user.id, gateway.name);
  const holder: CardHolder = {
    firstName: input.holder?.firstName ?? user.first_name,
    lastName: input.holder?.lastName ?? user.last_name,
    email: user.email,
    phone: user.phone,
    zipCode: input.holder?.zipCode ?? null,
  };
  let saved: Awaited<ReturnType<PaymentGateway["saveCard"]>>;
  try {
    saved = await gateway.saveCard({ token: input.token, customerRef: customer?.customer_ref ?? null, holder });
  } catch (error) {
    if (error instanceof GatewayDeclinedError)
      throw new AppError(declineToCode(error.reason, "invalid_payment_method"), { detail: error.message });
    if (error instanceof GatewayUnavailableError) throw providerUnavailable(error);
    throw error;
  }

  const methodId = newId();
  await deps.db.transaction().execute(async (tx) => {
    const now = nowIso();
    if (!customer)
      await insertPaymentCustomerUnlessExists(tx, {
        id: newId(),
        user_id: user.id,
        gateway: gateway.name,
        customer_ref: saved.customerRef,
        created_at: now,
      });
    await insertCard(tx, {
      id: methodId,
      user_id: user.id,
      gateway: gateway.name,
      country,
      customer_ref: saved.customerRef,
      card_ref: saved.cardRef,
      brand: saved.brand,
      last4: saved.last4,
      exp_month: saved.expMonth,
      exp_year: saved.expYear,
      holder_name: saved.holderName,
      funding: saved.funding ?? null,
      is_default: 0,
      free_flow: input.freeFlow ? 1 : 0,
      verified_at: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
  });

  const amount = VERIFICATION_AMOUNT[currency];
  const result = await chargePayable(deps, {
    userId: user.id,
    purpose: "card_verification",
    // A card verification is no sale at a location.
    payable: { type: CARD_PAYABLE, id: methodId, locationId: null, vehicleId: null },
    breakdown: { subtotal: amount, convenience_fee: 0, processing_fee: 0, tax: 0, total: amount },
    currency,
    paymentMethodId: methodId,
    idempotencyKey: input.idempotencyKey,
    returnOrigin: input.returnOrigin,
    description: "Card verification (refunded)",
    declineCode: "invalid_verification_payment",
  });
  if (result.status === "failed") {
    // The card stays unusable (onFailed); remove it at the provider too, best effort.
    await gateway
      .deleteCard({ customerRef: saved.customerRef, cardRef: saved.cardRef })
      .catch((error: unknown) => deps.log.warn({ err: error, methodId }, "could not delete a declined card"));
  }
  return verificationAnswer(deps, result);
}
