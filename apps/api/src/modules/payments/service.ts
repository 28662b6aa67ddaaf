import {
  CARD_VERIFICATION_AMOUNT,
  type Country,
  CURRENCY_BY_COUNTRY,
  type Currency,
  FREEFLOW_TIME_ZONE,
} from "@estaciona/contracts";
import type {
  CardFormConfig as CardFormConfigAnswer,
  CardFormConfigQuery,
  PaymentMethod,
  PaymentState,
  SavedCardAnswer,
} from "@estaciona/contracts/schemas/payment";
import { lockName, type Tx } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError, tooManyRequests } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { isoBefore, nowIso, todayIn } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import { lockActiveUser } from "../users/repository.ts";
import {
  type CardHolder,
  GatewayDeclinedError,
  GatewayUnavailableError,
  gatewayFor,
  type PaymentGateway,
  type PaymentGateways,
} from "./gateway.ts";
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
  findCardById,
  findCardOfUser,
  findCardToCharge,
  findChargeByIdempotencyKey,
  findPaymentCustomer,
  hasOtherVerifiedCard,
  insertCard,
  insertPaymentCustomerUnlessExists,
  listVerifiedCardsOfUser,
  makeDefaultIfCountryHasNone,
  markCardVerified,
  type PaymentMethodRow,
  setDefaultCard,
  setUserCardFlag,
  softDeleteCard,
  startFreeFlowOnce,
} from "./repository.ts";

/**
 * Saved cards (docs/product/money.md): the card form config, saving a card with its verification charge,
 * listing, the default card and removal rules.
 */

/** Verification charge per currency, minor units: 10 MXN (docs/product/constants.md); 1 USD in the USA (docs/decisions/0006). */
export const VERIFICATION_AMOUNT: Record<Currency, number> = { mxn: CARD_VERIFICATION_AMOUNT, usd: 100 };

/** The payable type of a card verification: the payment method itself. */
export const CARD_PAYABLE = "payment_method";

/** Which gateway slot a card call uses: Mexico's default, the USA's, or NetPay (Mexico). */
export type GatewaySlot = keyof PaymentGateways;
const COUNTRY_OF_SLOT: Record<GatewaySlot, Country> = { mx: "mx", us: "us", netpay: "mx" };
const FORM_OF: Record<GatewaySlot, CardFormConfigAnswer["form"]> = { mx: "conekta", us: "nmi", netpay: "netpay" };

export interface PaymentsDeps extends LedgerDeps {
  config: LedgerDeps["config"] & {
    payments: { cardAddMaxPerUserPerDay: number; cardAddMaxPerIpPerHour: number };
  };
}

/** `GET user/payment/config`: the form of a country's gateway, or of NetPay (Mexico only). */
export function cardFormConfigFor(gateways: PaymentGateways, query: CardFormConfigQuery): CardFormConfigAnswer {
  if (query.gateway === "netpay" && query.country !== "mx") throw new AppError("invalid_data");
  return cardFormConfig(gateways, query.gateway === "netpay" ? "netpay" : query.country);
}

/** `GET user/conekta/token`: a checkout request of the Mexican gateway, when it works that way. */
export async function createCheckoutRequest(gateways: PaymentGateways): Promise<string> {
  const gateway = gateways.mx;
  if (!gateway.createCheckoutRequest) throw new AppError("action_not_available", { status: 422 });
  return gateway.createCheckoutRequest();
}

export function cardFormConfig(gateways: PaymentGateways, slot: GatewaySlot): CardFormConfigAnswer {
  const config = gateways[slot].cardFormConfig();
  return {
    country: COUNTRY_OF_SLOT[slot],
    provider: config.provider,
    form: FORM_OF[slot],
    public_key: config.publicKey,
    script_url: config.scriptUrl,
    frame_url: config.frameUrl,
  };
}

/** Origins the CSP must allow for the configured gateways' scripts and frames (the sandbox is 'self'). */
export function gatewayOrigins(gateways: PaymentGateways): string[] {
  const origins = new Set<string>();
  for (const gateway of Object.values(gateways)) {
    const config = gateway.cardFormConfig();
    for (const url of [config.scriptUrl, config.frameUrl]) {
      if (url && /^https?:\/\//.test(url)) origins.add(new URL(url).origin);
    }
  }
  return [...origins];
}

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

// The verification charge's payable: success verifies the card, makes it the default when the
// driver has none in that country, sets the user's flag (and the freeflow activation date for the
// first freeflow card) and schedules the refund, all in the transaction that records the success
// (so an unrefunded verification cannot be forgotten).
registerPayable(CARD_PAYABLE, {
  async onSucceeded(tx, payment) {
    const now = nowIso();
    // Two of the driver's cards verified at once must not both become the default.
    await lockActiveUser(tx, payment.user_id);
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
    const byUser = await tx
      .selectFrom("card_attempts")
      .select(["created_at"])
      .where("user_id", "=", userId)
      .where("created_at", ">", isoBefore(24 * 3600))
      .orderBy("created_at")
      .execute();
    if (byUser.length >= cardAddMaxPerUserPerDay) {
      const oldest = Date.parse(byUser[byUser.length - cardAddMaxPerUserPerDay]?.created_at ?? nowIso());
      throw tooManyRequests((oldest + 24 * 3600_000 - Date.now()) / 1000);
    }
    const byIp = await tx
      .selectFrom("card_attempts")
      .select(["created_at"])
      .where("ip", "=", ip)
      .where("created_at", ">", isoBefore(3600))
      .orderBy("created_at")
      .execute();
    if (byIp.length >= cardAddMaxPerIpPerHour) {
      const oldest = Date.parse(byIp[byIp.length - cardAddMaxPerIpPerHour]?.created_at ?? nowIso());
      throw tooManyRequests((oldest + 3600_000 - Date.now()) / 1000);
    }
    await tx.insertInto("card_attempts").values({ id: newId(), user_id: userId, ip, created_at: nowIso() }).execute();
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

async function notifyDefaultCard(tx: Tx, card: PaymentMethodRow): Promise<void> {
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

/** The driver's default card in a country, for features that charge it (null when none). */
export async function defaultPaymentMethod(
  deps: LedgerDeps,
  userId: string,
  country: Country,
): Promise<PaymentMethodRow | null> {
  return (await findCardToCharge(deps.db, userId, country, false)) ?? null;
}
