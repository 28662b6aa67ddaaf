import { type ProviderAnswer, parseJsonAnswer } from "../adapter-http.ts";
import { CONEKTA_REFERENCE_METADATA_KEY } from "../conekta.ts";
import {
  type ChargeOutcome,
  GatewayUnavailableError,
  type IssuedReference,
  type ReferenceRequest,
} from "../gateway.ts";

/**
 * Conekta's cash and SPEI orders (docs/decisions/0280), read from conekta/openapi (82ce68e7, vendored in
 * test/support/fixtures/providers): an order whose charge's `payment_method` is
 * `payment_method_cash_request` (`type: "cash"`, `expires_at` in Unix seconds) or
 * `payment_method_spei_request` (`type: "spei"`); the answer's charge carries
 * `payment_method_cash` (`reference`, `barcode_url`, `expires_at`) or `payment_method_bank_transfer`
 * (`clabe` / `receiving_account_number`, `bank` / `receiving_account_bank`, `expires_at`). The order is
 * `pending_payment` until Conekta's `order.paid` (or `order.expired`) event.
 */
export const CONEKTA_RAIL_TYPE = { oxxo: "cash", spei: "spei" } as const;

interface ConektaReferenceMethod {
  type?: string;
  object?: string;
  reference?: string;
  barcode_url?: string;
  clabe?: string;
  receiving_account_number?: string;
  bank?: string;
  receiving_account_bank?: string;
  expires_at?: number;
}

/** An order as the card adapter reads it: its charges' payment methods are read here. */
interface ConektaReferenceOrder {
  id: string;
  payment_status?: string;
  charges?: { data?: object[] } | null;
}

const methodOf = (order: ConektaReferenceOrder): ConektaReferenceMethod | undefined =>
  (order.charges?.data?.[0] as { payment_method?: ConektaReferenceMethod | null } | undefined)?.payment_method ??
  undefined;

const isReferenceMethod = (method: ConektaReferenceMethod | undefined): method is ConektaReferenceMethod =>
  method?.object === "cash_payment" ||
  method?.object === "bank_transfer_payment" ||
  method?.type === "cash" ||
  method?.type === "oxxo" ||
  method?.type === "spei";

/** The order's body: our payment id in its metadata, as for a card order (decision 0205). */
export function referenceOrderBody(request: ReferenceRequest): Record<string, unknown> {
  return {
    currency: request.currency.toUpperCase(),
    customer_info: { name: request.payer.name, email: request.payer.email ?? undefined, phone: request.payer.phone },
    line_items: [{ name: request.description.slice(0, 249).padEnd(3, "."), unit_price: request.amount, quantity: 1 }],
    charges: [
      {
        payment_method: {
          type: CONEKTA_RAIL_TYPE[request.rail],
          expires_at: Math.floor(Date.parse(request.expiresAt) / 1000),
        },
      },
    ],
    metadata: { [CONEKTA_REFERENCE_METADATA_KEY]: request.reference },
  };
}

/**
 * `POST /orders` for a reference. Without Conekta's answer the outcome is unknown: the charge stays
 * pending and the reconciliation finds the order by its metadata (decision 0205) or fails the charge.
 */
export async function createReferenceOrder(
  request: ReferenceRequest,
  post: (body: unknown) => Promise<ProviderAnswer>,
): Promise<IssuedReference> {
  const answer = await post(referenceOrderBody(request));
  if (answer.status !== 200 && answer.status !== 201)
    throw new GatewayUnavailableError("conekta", `POST /orders (reference) answered ${answer.status}`);
  return issuedReferenceOf(answer);
}

/** What the driver needs from Conekta's answer; an order without it is an answer we cannot use. */
export function issuedReferenceOf(answer: ProviderAnswer): IssuedReference {
  const order = parseJsonAnswer<ConektaReferenceOrder>("conekta", answer);
  const method = methodOf(order);
  const number = method?.reference ?? method?.clabe ?? method?.receiving_account_number;
  if (!number || !method?.expires_at)
    throw new GatewayUnavailableError("conekta", "reference order without a reference", { providerRef: order.id });
  return {
    providerRef: order.id,
    number,
    barcodeUrl: method.barcode_url ?? null,
    bank: method.bank ?? method.receiving_account_bank ?? null,
    expiresAt: new Date(method.expires_at * 1000).toISOString(),
  };
}

/** A cash or SPEI order still awaiting payment: waited for until it expires (null: not one). */
export function awaitingReferenceOf(order: ConektaReferenceOrder): ChargeOutcome | null {
  const method = methodOf(order);
  if (order.payment_status !== "pending_payment" || !isReferenceMethod(method) || !method.expires_at) return null;
  const waitUntil = new Date(method.expires_at * 1000).toISOString();
  return { status: "requires_action", providerRef: order.id, redirectUrl: "", waitUntil };
}
