import type { Currency } from "@estaciona/contracts";
import type { WalletKind } from "@estaciona/contracts/wallets";

/**
 * The payment gateway interface (docs/product/money.md). Four implementations: the built-in sandbox
 * (default), Conekta and NetPay (Mexico) and NMI (USA). Card numbers never reach our servers:
 * the browser hands the provider's hosted form a card and gets a single-use token, which
 * `saveCard` turns into a stored provider reference.
 *
 * Declines are outcomes, not exceptions. Exceptions mean "we do not know what happened"
 * (timeout, connection lost, 5xx): the ledger then keeps the attempt `pending` and the
 * reconciliation job asks `findCharge` later; it never retries blindly.
 */
export type GatewayName = "sandbox" | "conekta" | "nmi" | "netpay";

export type DeclineReason =
  | "card_declined"
  | "card_expired"
  | "cvc_invalid"
  | "insufficient_funds"
  | "invalid_token"
  | "processing_error";

export interface CardHolder {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164 */
  phone: string;
  zipCode?: string | null;
}

export interface SavedCard {
  customerRef: string;
  cardRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string | null;
  /**
   * Credit or debit, when the gateway's answer says: an invoice's c_FormaPago follows it (28 debit,
   * 04 credit; docs/decisions/0162). Left out, invoices say 04.
   */
  funding?: "credit" | "debit" | null;
}

/**
 * Card on file (docs/decisions/0206): who starts a charge to a stored card, so the gateway can tell
 * the card network (NMI's stored-credential fields, Conekta's `processing_mode`).
 */
export interface StoredCredential {
  /** `customer`: the driver is there (pay now, the card check); `merchant`: nobody is (renewals, freeflow exits). */
  initiatedBy: "customer" | "merchant";
  /** The charge that stores the card (the card check): the first of the card's chain. */
  first: boolean;
  /** The provider's id of the card's first charge (its check), which a merchant-initiated charge names. */
  initialChargeRef: string | null;
}

export interface ChargeRequest {
  /** Our payment id: the idempotency reference sent to the provider (metadata / order id). */
  reference: string;
  amount: number;
  currency: Currency;
  customerRef: string;
  cardRef: string;
  description: string;
  /** Where a 3-D Secure challenge returns the driver (the SPA's /3ds route). */
  returnUrl?: string;
  /** Left out: a charge with the driver present, not the card's first (what a gateway assumes). */
  storedCredential?: StoredCredential;
  /**
   * A wallet payment (docs/decisions/0284): `cardRef` is then the wallet's single-use token, charged
   * through the gateway's documented wallet flow instead of a stored card; `customerRef` is unused.
   */
  wallet?: WalletKind;
}

export type ChargeOutcome =
  /**
   * `refundedAmount`: what the provider says it has given back of the charge in all, where a lookup
   * tells (a refund made in the provider's dashboard shows here first; docs/decisions/0155).
   */
  | { status: "succeeded"; providerRef: string; refundedAmount?: number }
  | { status: "declined"; providerRef: string | null; reason: DeclineReason; message?: string }
  /**
   * `waitUntil`: a reference (cash at OXXO, SPEI) the driver has until then to pay (docs/decisions/0280);
   * left out, a 3-D Secure challenge, abandoned after `ACTION_TIMEOUT_SECONDS`.
   */
  | { status: "requires_action"; providerRef: string; redirectUrl: string; waitUntil?: string };

/** Paying later by reference (docs/decisions/0280): cash at an OXXO store, or a SPEI transfer. */
export type ReferenceRail = "oxxo" | "spei";

export interface ReferenceRequest {
  /** Our payment id, as for a card charge. */
  reference: string;
  rail: ReferenceRail;
  amount: number;
  currency: Currency;
  description: string;
  /** When the reference stops being payable. */
  expiresAt: string;
  payer: { name: string; email: string | null; phone: string };
}

/** A reference the gateway issued: what the driver takes to the store or their bank. */
export interface IssuedReference {
  providerRef: string;
  /** The OXXO reference (the barcode's number) or the CLABE. */
  number: string;
  barcodeUrl: string | null;
  bank: string | null;
  expiresAt: string;
}

export interface RefundRequest {
  /**
   * Our refund's payment id. A retry after an unknown outcome sends the same reference again;
   * adapters must not refund twice for one reference (look the refund up first where the
   * provider has no idempotency key).
   */
  reference: string;
  providerChargeRef: string;
  amount: number;
  currency: Currency;
  reason: string;
}

export type RefundOutcome =
  | { status: "succeeded"; providerRef: string }
  | { status: "failed"; providerRef: string | null; message?: string };

/** A refund looked up after its outcome was lost (a timeout, a crash): the sweep's question. */
export interface RefundLookup {
  /** Our refund's payment id, sent as the refund's reference. */
  reference: string;
  providerChargeRef: string;
  amount: number;
  /**
   * What the ledger knows was refunded of the charge before this refund (its succeeded refunds).
   * One refund is in flight per charge, so a provider that keeps no reference on a refund can still
   * tell: its refunded total is this (not made) or this plus `amount` (made).
   */
  refundedBefore: number;
}

/** What the SPA needs to render the provider's hosted card form. */
export interface CardFormConfig {
  provider: GatewayName;
  publicKey: string | null;
  /** The provider's script (the CSP allows exactly these origins). */
  scriptUrl: string | null;
  /** The sandbox's own hosted form, served from the API origin under /sandbox/. */
  frameUrl: string | null;
}

export interface PaymentGateway {
  /** `balance`: the prepaid balance, the ledger's own book (`balanceBook`). */
  readonly name: GatewayName | "balance";
  /** The wallets it charges through a documented flow (docs/decisions/0284); absent: none. */
  readonly wallets?: readonly WalletKind[];
  cardFormConfig(): CardFormConfig;
  /** Conekta's checkout request id for the card component (`GET user/conekta/token`). */
  createCheckoutRequest?(): Promise<string>;
  /** Creates the provider customer when `customerRef` is null, then attaches the tokenised card. */
  saveCard(input: { token: string; customerRef: string | null; holder: CardHolder }): Promise<SavedCard>;
  deleteCard(input: { customerRef: string; cardRef: string }): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /**
   * A charge looked up (after a timeout, or on a webhook's hint) by the provider's id when it was
   * recorded, else by our reference in a way the provider documents; null when the provider never
   * saw it. `since`: when the attempt started, for providers that can only page their list over a
   * time window (docs/decisions/0205). The ledger asks 30 s after the attempt started, so `charge`
   * must give up well before that (≤ 20 s).
   */
  findCharge(reference: string, providerRef?: string | null, since?: string): Promise<ChargeOutcome | null>;
  /**
   * Our reference of the provider's charge, read from the provider itself: how a webhook that names
   * only the provider's id finds a charge whose create answer was lost (NetPay, docs/decisions/0245).
   * Null when the provider does not know the charge; absent when the gateway's events carry ours.
   */
  referenceOf?(providerRef: string): Promise<string | null>;
  /**
   * A refund looked up by our reference: its outcome, or null when the provider never made it.
   * Throws `GatewayUnavailableError` when the provider cannot tell (yet): the refund stays pending.
   */
  findRefund(lookup: RefundLookup): Promise<RefundOutcome | null>;
  /** Mexico's gateways: a reference to pay in cash or by transfer; absent where none is documented. */
  createReference?(request: ReferenceRequest): Promise<IssuedReference>;
}

/** Card rejected while saving (bad token, declined verification): maps to a catalogue code. */
export class GatewayDeclinedError extends Error {
  override name = "GatewayDeclinedError";
  constructor(
    readonly reason: DeclineReason,
    message?: string,
  ) {
    super(message ?? reason);
  }
}

/** The provider did not answer, or answered 5xx: the outcome is unknown. */
export class GatewayUnavailableError extends Error {
  override name = "GatewayUnavailableError";
  /** The provider's id of the charge when it answered one before the outcome was known: recorded at once. */
  readonly providerRef: string | null;
  constructor(
    readonly provider: GatewayName,
    message: string,
    options: { cause?: unknown; providerRef?: string | null } = {},
  ) {
    super(`${provider}: ${message}`, { cause: options.cause });
    this.providerRef = options.providerRef ?? null;
  }
}

/**
 * The configured gateways (`app.providers.payments`): Mexico's default (Conekta or the sandbox),
 * the USA's (NMI or the sandbox) and Mexico's alternative (NetPay or the sandbox).
 */
export interface PaymentGateways {
  mx: PaymentGateway;
  us: PaymentGateway;
  netpay: PaymentGateway;
}

/**
 * The gateway that holds a card or a charge, by its stored gateway name and currency. Several
 * slots can be the sandbox; they share its tables, so any of them answers for the others.
 */
export function gatewayFor(gateways: PaymentGateways, name: string, currency: Currency): PaymentGateway {
  if (name === balanceBook.name) return balanceBook;
  const candidates = currency === "mxn" ? [gateways.mx, gateways.netpay] : [gateways.us];
  const gateway = candidates.find((candidate) => candidate.name === name);
  if (!gateway) throw new Error(`No configured ${currency} gateway named ${name}`);
  return gateway;
}

/**
 * The prepaid balance as the ledger's reconciliation and refunds see it (docs/decisions/0211): a
 * balance charge exists only with its debit (ledger/balance.ts), so it is always taken; a refund of
 * one is made when the ledger settles it, which credits the balance in the same transaction. It
 * holds no cards.
 */
export const balanceBook: PaymentGateway = {
  name: "balance",
  cardFormConfig() {
    throw new Error("the balance has no card form");
  },
  async saveCard() {
    throw new Error("the balance holds no cards");
  },
  async deleteCard() {},
  charge: async (request) => ({ status: "succeeded", providerRef: `balance_${request.reference}` }),
  refund: async (request) => ({ status: "succeeded", providerRef: `balance_${request.reference}` }),
  findCharge: async (reference) => ({ status: "succeeded", providerRef: `balance_${reference}` }),
  findRefund: async (lookup) => ({ status: "succeeded", providerRef: `balance_${lookup.reference}` }),
};
