import {
  callProvider,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  type FetchImpl,
  fourDigitYear,
  normaliseCardBrand,
  type ProviderAnswer,
  parseJsonAnswer,
  trimTrailingSlash,
} from "./adapter-http.ts";
import { conektaFunding } from "./card-funding.ts";
import {
  type ChargeOutcome,
  type ChargeRequest,
  type DeclineReason,
  GatewayDeclinedError,
  GatewayUnavailableError,
  type PaymentGateway,
  type RefundOutcome,
  type SavedCard,
} from "./gateway.ts";
import { awaitingReferenceOf, createReferenceOrder } from "./references/conekta.ts";

/**
 * Conekta (Mexico) against its REST API v2 (docs/decisions/0007). Sources read:
 * the OpenAPI spec `conekta/openapi` (resources/orders/order.yml, schemas/errors/*, resources/errors/402.yml,
 * parameters/commons/query/*, resources/orders/order.yml getOrders, order_param.yml getOrderById; commit
 * 82ce68e7, vendored in test/support/fixtures/providers), the SDK models
 * `conekta@7` (order-next-action-response-redirect-to-url.ts), developers.conekta.com/docs/web-tokenizer
 * and /reference/autenticación, summarised in research/ecosystem.md §1.
 */
export interface ConektaGatewayOptions {
  /** Default `https://api.conekta.io`; the key decides sandbox or live (ecosystem §1.1). */
  apiBase?: string;
  /** `key_…` private key, sent as `Authorization: Bearer`. */
  privateKey: string;
  /** Public key for the card component in the browser. */
  publicKey: string;
  /** Per call; default 15 s. */
  timeoutMs?: number;
  fetchImpl?: FetchImpl;
  /** The API version in the Accept header; Conekta's OpenAPI document declares 2.3.0 (since 2026-03-31). */
  apiVersion?: string;
  scriptUrl?: string;
}

export const CONEKTA_API_BASE = "https://api.conekta.io";
/** The version every response of conekta/openapi's `api.yaml` declares (`application/vnd.conekta-v2.3.0+json`). */
export const CONEKTA_API_VERSION = "2.3.0";
export const CONEKTA_SCRIPT_URL = "https://pay.conekta.com/v1.0/js/conekta-checkout.min.js";
/** The order metadata key that carries our payment id, so `findCharge` can find the order (PAY-2). */
export const CONEKTA_REFERENCE_METADATA_KEY = "payment_reference";

// --- The parts of Conekta's answers we read (OpenAPI schemas/…; everything else is ignored). ---

interface ConektaErrorBody {
  object?: string;
  type?: string;
  log_id?: string | null;
  details?: { code?: string; param?: string | null; message?: string; debug_message?: string }[];
}

interface ConektaCustomer {
  id: string;
}

interface ConektaPaymentSource {
  id: string;
  type?: string;
  card_type?: string;
  last4?: string;
  brand?: string;
  exp_month?: string;
  exp_year?: string;
  name?: string | null;
}

interface ConektaCharge {
  id: string;
  status?: string;
  refunds?: { data?: { id: string }[] } | null;
}

interface ConektaOrder {
  id: string;
  object?: string;
  /** Unix seconds (schemas/orders/order_response.yml). */
  created_at?: number;
  /** Centavos given back so far (schemas/orders/order_response.yml). */
  amount_refunded?: number;
  payment_status?: string;
  metadata?: Record<string, unknown> | null;
  charges?: { data?: ConektaCharge[] } | null;
  next_action?: { type?: string; redirect_to_url?: { url?: string; return_url?: string } } | null;
}

/** `get_orders_response`: orders_response + pagination + page (schemas/pagination/*). */
interface ConektaOrderList {
  has_more?: boolean;
  next_page_url?: string | null;
  data?: ConektaOrder[];
}

/**
 * The window paged when the order's id was never recorded (its create answer lost): from a minute
 * before the attempt started to `ORDER_WINDOW_AFTER_SECONDS` after (the call gives up after 15 s;
 * clocks differ). At most `ORDER_LIST_MAX_PAGES` pages of `ORDER_LIST_LIMIT` (the spec's maximum).
 */
export const ORDER_WINDOW_BEFORE_SECONDS = 60;
export const ORDER_WINDOW_AFTER_SECONDS = 300;
export const ORDER_LIST_LIMIT = 250;
export const ORDER_LIST_MAX_PAGES = 20;

/** Conekta's error codes name the cause (`conekta.errors.processing.bank.insufficient_funds`, …). */
export function conektaDeclineReason(code: string | undefined, fallback: DeclineReason): DeclineReason {
  const text = (code ?? "").toLowerCase();
  if (text.includes("insufficient_funds")) return "insufficient_funds";
  if (text.includes("expired") && !text.includes("order")) return "card_expired";
  if (text.includes("cvc") || text.includes("security_code") || text.includes("cvv")) return "cvc_invalid";
  if (text.includes("token")) return "invalid_token";
  if (text.includes("declined") || text.includes("suspicious") || text.includes("fraud")) return "card_declined";
  return fallback;
}

function firstErrorDetail(body: ConektaErrorBody): { code?: string; message?: string } {
  const detail = body.details?.[0];
  return { code: detail?.code, message: detail?.message ?? detail?.debug_message ?? body.type };
}

export function createConektaGateway(options: ConektaGatewayOptions): PaymentGateway {
  const apiBase = trimTrailingSlash(options.apiBase ?? CONEKTA_API_BASE);
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  const fetchImpl: FetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const accept = `application/vnd.conekta-v${options.apiVersion ?? CONEKTA_API_VERSION}+json`;

  async function request(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<ProviderAnswer> {
    const headers: Record<string, string> = {
      // Bearer with the private key (developers.conekta.com/reference/autenticación; OpenAPI bearerAuth).
      authorization: `Bearer ${options.privateKey}`,
      accept,
      "accept-language": "es",
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    return callProvider(
      "conekta",
      fetchImpl,
      `${apiBase}${path}`,
      { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
      timeoutMs,
    );
  }

  /** 401/403/404/429 say nothing about the card: our setup is wrong or we must wait. */
  function unusable(answer: ProviderAnswer, what: string): GatewayUnavailableError {
    const detail = safeError(answer);
    return new GatewayUnavailableError("conekta", `${what} answered ${answer.status}: ${detail.message ?? ""}`);
  }

  function safeError(answer: ProviderAnswer): { code?: string; message?: string } {
    try {
      return firstErrorDetail(JSON.parse(answer.body) as ConektaErrorBody);
    } catch {
      return {};
    }
  }

  function isCardProblem(status: number): boolean {
    // 400 bad request, 402 payment required (declines), 422 parameter validation (OpenAPI resources/errors).
    return status === 400 || status === 402 || status === 422;
  }

  function outcomeOfOrder(order: ConektaOrder): ChargeOutcome | "pending" {
    const redirectUrl = order.next_action?.redirect_to_url?.url;
    const chargeStatus = order.charges?.data?.[0]?.status;
    const status = order.payment_status ?? chargeStatus;
    switch (status) {
      case "paid":
      case "refunded":
      case "partially_refunded":
      case "charged_back":
        return {
          status: "succeeded",
          providerRef: order.id,
          ...(order.amount_refunded === undefined ? {} : { refundedAmount: order.amount_refunded }),
        };
      case "declined":
      case "canceled":
      case "expired":
      case "voided":
        return { status: "declined", providerRef: order.id, reason: "card_declined", message: status };
      default:
        // `pending_payment` with a 3-D Secure step: the driver must authenticate
        // (schemas/orders/order_response.yml next_action.redirect_to_url); or a cash / SPEI reference.
        if (order.next_action?.type === "redirect_to_url" && redirectUrl)
          return { status: "requires_action", providerRef: order.id, redirectUrl };
        return awaitingReferenceOf(order) ?? "pending";
    }
  }

  /**
   * The order our attempt made when its id was never recorded. Conekta documents no search by
   * metadata (`search` is "General order search, e.g. by mail, reference etc."), so the documented
   * list is paged over the attempt's window (`created_at.gte`/`created_at.lte`, `limit`, the `next`
   * cursor: resources/orders/order.yml getOrders) and our metadata matched exactly. Null only when the
   * whole window was read; a window too long to read throws (the outcome stays unknown).
   */
  async function orderOfReference(reference: string, since: string | undefined): Promise<ConektaOrder | undefined> {
    const started = Math.floor((since ? Date.parse(since) : Date.now()) / 1000);
    const query = new URLSearchParams({
      limit: String(ORDER_LIST_LIMIT),
      "created_at.gte": String(started - ORDER_WINDOW_BEFORE_SECONDS),
      "created_at.lte": String(started + ORDER_WINDOW_AFTER_SECONDS),
    });
    for (let page = 0; page < ORDER_LIST_MAX_PAGES; page++) {
      const answer = await request("GET", `/orders?${query}`);
      if (answer.status !== 200) throw unusable(answer, "GET /orders");
      const list = parseJsonAnswer<ConektaOrderList>("conekta", answer);
      const orders = list.data ?? [];
      const found = orders.find((candidate) => candidate.metadata?.[CONEKTA_REFERENCE_METADATA_KEY] === reference);
      if (found) return found;
      const last = orders.at(-1);
      if (!list.has_more || !last) return undefined;
      query.set("next", last.id);
    }
    throw new GatewayUnavailableError("conekta", `more than ${ORDER_LIST_MAX_PAGES} pages of orders in the window`);
  }

  return {
    name: "conekta",

    cardFormConfig() {
      return {
        provider: "conekta",
        publicKey: options.publicKey,
        scriptUrl: options.scriptUrl ?? CONEKTA_SCRIPT_URL,
        frameUrl: null,
      };
    },

    async createCheckoutRequest() {
      // Conekta's Tokenizer takes only the public key today: the checkout request id of the old
      // "Web Checkout Tokenizer" (`POST /tokens {checkout}`) is marked deprecated in its OpenAPI
      // document and "no longer needed" in its guide. The spec's `GET user/conekta/token` stays and
      // answers an empty id, which the SPA passes on as no id (decision 0126).
      return "";
    },

    async saveCard({ token, customerRef, holder }) {
      let customerId = customerRef;
      if (!customerId) {
        const answer = await request("POST", "/customers", {
          name: `${holder.firstName} ${holder.lastName}`.trim(),
          email: holder.email,
          phone: holder.phone,
        });
        if (isCardProblem(answer.status)) {
          const detail = safeError(answer);
          throw new GatewayDeclinedError(conektaDeclineReason(detail.code, "processing_error"), detail.message);
        }
        if (answer.status !== 200 && answer.status !== 201) throw unusable(answer, "POST /customers");
        customerId = parseJsonAnswer<ConektaCustomer>("conekta", answer).id;
      }
      const answer = await request("POST", `/customers/${encodeURIComponent(customerId)}/payment_sources`, {
        type: "card",
        token_id: token,
      });
      if (isCardProblem(answer.status)) {
        // e.g. 422 conekta.errors.parameter_validation.payment_method.token_id.nonexistent_token,
        // 402 conekta.errors.processing.tokenization.used (resources/errors/402.yml).
        const detail = safeError(answer);
        throw new GatewayDeclinedError(conektaDeclineReason(detail.code, "invalid_token"), detail.message);
      }
      if (answer.status !== 200 && answer.status !== 201) throw unusable(answer, "POST payment_sources");
      const source = parseJsonAnswer<ConektaPaymentSource>("conekta", answer);
      if (!source.id || !source.last4) {
        throw new GatewayUnavailableError("conekta", "payment source answer lacks id or last4");
      }
      return {
        customerRef: customerId,
        cardRef: source.id,
        brand: normaliseCardBrand(source.brand),
        last4: source.last4,
        expMonth: Number(source.exp_month ?? 0),
        expYear: fourDigitYear(Number(source.exp_year ?? 0)),
        holderName: source.name ?? null,
        funding: conektaFunding(source.card_type),
      } satisfies SavedCard;
    },

    async deleteCard({ customerRef, cardRef }) {
      const answer = await request(
        "DELETE",
        `/customers/${encodeURIComponent(customerRef)}/payment_sources/${encodeURIComponent(cardRef)}`,
      );
      // Already gone is what we wanted.
      if (answer.status === 200 || answer.status === 204 || answer.status === 404) return;
      throw unusable(answer, "DELETE payment_sources");
    },

    async charge(charge: ChargeRequest) {
      const body: Record<string, unknown> = {
        currency: charge.currency.toUpperCase(),
        customer_info: { customer_id: charge.customerRef },
        // Integer centavos, as Conekta wants them (schemas/orders: unit_price in cents).
        // The item's name is 3 to 249 characters (schemas/orders/product.yml).
        line_items: [{ name: charge.description.slice(0, 249).padEnd(3, "."), unit_price: charge.amount, quantity: 1 }],
        charges: [{ payment_method: { type: "card", payment_source_id: charge.cardRef } }],
        // Our attempt id travels with the order (PAY-2): when the create answer is lost, the lookup
        // pages the attempt's time window of `GET /orders` and matches it (decision 0205).
        metadata: { [CONEKTA_REFERENCE_METADATA_KEY]: charge.reference },
      };
      // Nobody is there to answer 3-D Secure on a charge we start (a renewal, a freeflow exit):
      // the order says so with the spec's `processing_mode: "recurrent"` (decision 0206).
      const merchantInitiated = charge.storedCredential?.initiatedBy === "merchant";
      if (merchantInitiated) body.processing_mode = "recurrent";
      else if (charge.returnUrl) {
        // Risk-based 3-D Secure through the API; the challenge returns the driver to return_url.
        body.three_ds_mode = "smart";
        body.return_url = charge.returnUrl;
      }
      // No Idempotency-Key: conekta/openapi (82ce68e7) defines no such header, so recovery never
      // rests on it; the ledger never sends one attempt twice and finds a lost one by its metadata.
      const answer = await request("POST", "/orders", body);
      if (isCardProblem(answer.status)) {
        const detail = safeError(answer);
        return {
          status: "declined",
          providerRef: null,
          reason: conektaDeclineReason(detail.code, answer.status === 402 ? "card_declined" : "processing_error"),
          message: detail.message,
        };
      }
      if (answer.status !== 200 && answer.status !== 201) throw unusable(answer, "POST /orders");
      const order = parseJsonAnswer<ConektaOrder>("conekta", answer);
      const outcome = outcomeOfOrder(order);
      if (outcome === "pending") {
        // The order's id is known now: the ledger records it at once and the lookup asks by it.
        throw new GatewayUnavailableError("conekta", "order created but its payment is still pending", {
          providerRef: order.id,
        });
      }
      return outcome;
    },

    createReference: (reference) => createReferenceOrder(reference, (body) => request("POST", "/orders", body)),

    async refund(refundRequest): Promise<RefundOutcome> {
      // POST /orders/{id}/refunds with amount in centavos and a reason (developers.conekta.com/reference/orderrefund).
      const answer = await request("POST", `/orders/${encodeURIComponent(refundRequest.providerChargeRef)}/refunds`, {
        amount: refundRequest.amount,
        reason: "requested_by_client",
      });
      if (answer.status >= 400) {
        if (answer.status === 401 || answer.status === 403 || answer.status === 429) {
          throw unusable(answer, "POST refunds");
        }
        return { status: "failed", providerRef: null, message: safeError(answer).message };
      }
      const order = parseJsonAnswer<ConektaOrder>("conekta", answer);
      const refunds = order.charges?.data?.[0]?.refunds?.data ?? [];
      const latestRefund = refunds[refunds.length - 1];
      return { status: "succeeded", providerRef: latestRefund?.id ?? order.id };
    },

    async findRefund(lookup) {
      // Conekta keeps no reference of ours on a refund; the order's `amount_refunded` tells instead:
      // the ledger has one refund in flight per charge, so the total is what it knew before (never
      // made) or that plus this refund's amount (made, the order's latest refund).
      const answer = await request("GET", `/orders/${encodeURIComponent(lookup.providerChargeRef)}`);
      if (answer.status !== 200) throw unusable(answer, "GET /orders/{id}");
      const order = parseJsonAnswer<ConektaOrder>("conekta", answer);
      const refunded = order.amount_refunded ?? 0;
      if (refunded === lookup.refundedBefore) return null;
      if (refunded === lookup.refundedBefore + lookup.amount) {
        const refunds = order.charges?.data?.[0]?.refunds?.data ?? [];
        return { status: "succeeded", providerRef: refunds[refunds.length - 1]?.id ?? order.id };
      }
      throw new GatewayUnavailableError("conekta", `order ${order.id} refunded ${refunded}: not a total we expect`);
    },

    async findCharge(reference, providerRef, since) {
      let order: ConektaOrder | undefined;
      if (providerRef) {
        // GET /orders/{id} (resources/orders/order_param.yml: getOrderById).
        const answer = await request("GET", `/orders/${encodeURIComponent(providerRef)}`);
        if (answer.status === 404) return null;
        if (answer.status !== 200) throw unusable(answer, "GET /orders/{id}");
        order = parseJsonAnswer<ConektaOrder>("conekta", answer);
      } else {
        order = await orderOfReference(reference, since);
        if (!order) return null;
      }
      const outcome = outcomeOfOrder(order);
      if (outcome === "pending")
        throw new GatewayUnavailableError("conekta", "order payment is still pending", { providerRef: order.id });
      return outcome;
    },
  };
}
