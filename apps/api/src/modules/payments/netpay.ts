import {
  callProvider,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  DecimalAmount,
  type FetchImpl,
  fourDigitYear,
  jsonWithDecimalAmounts,
  normaliseCardBrand,
  type ProviderAnswer,
  parseJsonAnswer,
  trimTrailingSlash,
} from "./adapter-http.ts";
import {
  type ChargeOutcome,
  type DeclineReason,
  GatewayDeclinedError,
  GatewayUnavailableError,
  type PaymentGateway,
  type RefundOutcome,
} from "./gateway.ts";

/**
 * NetPay (Mexico), "Checkout Custom" over the e-commerce gateway (docs/decisions/0007). Sources read:
 * docs.netpay.com.mx/v1.2.1/reference/pago-con-token-guardado, /v5.0/reference/2-crear-cliente,
 * /v5.0/reference/31-pago-1 (charge statuses success|review|failed), /v1.2.1/reference/estatus-devueltos-al-consultar-detalle,
 * /v1.2.1/reference/consultar-detalles-de-una-transacción, /v1.2.1/reference/devoluciones-y-consulta-de-transacciones,
 * /v1.2.1/reference/cancelar-o-reembolsar-una-transacción, /v5.0/reference/códigos-de-respuesta,
 * /v1.2.1/reference/tokenizacion-de-tarjeta; research/ecosystem.md §3.
 *
 * Where the pages disagree we follow the v1.2.1 guide that says it was verified against sandbox and
 * production: refunds go to "Reports REST" (`PUT …/reports…/v2/transactions/{transactionId}/refund`,
 * header `X-Netpay-Apikey`), not to the older `POST gateway-ecommerce/v3/transactions/{id}/refund`.
 */
export interface NetpayGatewayOptions {
  /** The e-commerce gateway, without the version: default the sandbox `https://gateway-154.netpaydev.com/gateway-ecommerce`. */
  apiBase?: string;
  /** `sk_netpay_…`, sent raw in `Authorization` (no "Bearer"). */
  secretKey: string;
  /** `pk_netpay_…` for NetpayJS in the browser. */
  publicKey: string;
  /** Per call; default 15 s. */
  timeoutMs?: number;
  fetchImpl?: FetchImpl;
  /** Reports REST for refunds; default follows apiBase (sandbox or production). */
  refundApiBase?: string;
  /** NetpayJS; default follows apiBase (the dev CDN in sandbox). */
  scriptUrl?: string;
}

export const NETPAY_SANDBOX_API_BASE = "https://gateway-154.netpaydev.com/gateway-ecommerce";
export const NETPAY_PRODUCTION_API_BASE = "https://suite.netpay.com.mx/gateway-ecommerce";
/** "El host de devoluciones cambia entre ambientes: en producción es out.netpay-api.com" (devoluciones guide). */
export const NETPAY_SANDBOX_REFUND_API_BASE = "https://gateway.netpay-api.com/reports-sandbox/v2";
export const NETPAY_PRODUCTION_REFUND_API_BASE = "https://out.netpay-api.com/reports/v2";
export const NETPAY_SANDBOX_SCRIPT_URL = "https://docs.netpay.mx/cdn/js/dev/netpay.min.js";
export const NETPAY_PRODUCTION_SCRIPT_URL = "https://docs.netpay.mx/cdn/v1.3/netpay.min.js";

// --- The parts of NetPay's answers we read. The card fields of the client answers are not shown in
// the stored docs: these names must be confirmed with a sandbox account (decision 0007). ---

interface NetpayCardDetails {
  token?: string;
  source?: string;
  lastFourDigits?: string;
  brand?: string;
  expMonth?: string | number;
  expYear?: string | number;
  cardHolderName?: string | null;
}

interface NetpayClientAnswer extends NetpayCardDetails {
  id?: string | number;
  paymentSource?: (NetpayCardDetails & { card?: NetpayCardDetails | null }) | null;
  card?: NetpayCardDetails | null;
}

/** POST v3/charges answer (31-pago-1): status success | review | failed. */
interface NetpayChargeAnswer {
  status?: string;
  transactionTokenId?: string | null;
  returnUrl?: string | null;
  error?: string | { message?: string } | null;
  message?: string | null;
}

/** GET v3/transactions/{transactionTokenId} (consultar detalles; estatus devueltos al consultar detalle). */
interface NetpayTransactionAnswer {
  status?: string;
  transactionTokenId?: string;
  transactionId?: string | number | null;
  merchantReferenceCode?: string | null;
  error?: string | null;
}

interface NetpayErrorAnswer {
  message?: string;
  error?: string;
}

/** NetPay's failures come as Spanish or English text; these keywords name the documented causes. */
export function netpayDeclineReason(message: string | null | undefined): DeclineReason {
  const text = (message ?? "").toLowerCase();
  if (text.includes("fondos") || text.includes("insufficient")) return "insufficient_funds";
  if (text.includes("expir") || text.includes("vencid")) return "card_expired";
  if (text.includes("cvv") || text.includes("cvc") || text.includes("seguridad") || text.includes("security code")) {
    return "cvc_invalid";
  }
  if (text.includes("token")) return "invalid_token";
  return "card_declined";
}

function errorText(answer: NetpayChargeAnswer): string | undefined {
  if (typeof answer.error === "string") return answer.error;
  return answer.error?.message ?? answer.message ?? undefined;
}

/** Transaction states after a passed 3-D Secure check that wait for the merchant's confirm call. */
const AWAITING_CONFIRM = new Set(["WAIT_THREEDS", "CHARGEABLE"]);

export function createNetpayGateway(options: NetpayGatewayOptions): PaymentGateway {
  const apiBase = trimTrailingSlash(options.apiBase ?? NETPAY_SANDBOX_API_BASE);
  const isSandbox = new URL(apiBase).hostname.endsWith("netpaydev.com") || apiBase === NETPAY_SANDBOX_API_BASE;
  const refundApiBase = trimTrailingSlash(
    options.refundApiBase ?? (isSandbox ? NETPAY_SANDBOX_REFUND_API_BASE : NETPAY_PRODUCTION_REFUND_API_BASE),
  );
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  const fetchImpl: FetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));

  function request(
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    jsonBody?: string,
    auth: "gateway" | "reports" = "gateway",
  ): Promise<ProviderAnswer> {
    const headers: Record<string, string> = { accept: "application/json" };
    // Same secret key, two header names: Authorization on the gateway, X-Netpay-Apikey on Reports.
    if (auth === "gateway") headers.authorization = options.secretKey;
    else headers["x-netpay-apikey"] = options.secretKey;
    if (jsonBody !== undefined) headers["content-type"] = "application/json";
    return callProvider("netpay", fetchImpl, url, { method, headers, body: jsonBody }, timeoutMs);
  }

  function messageOf(answer: ProviderAnswer): string {
    try {
      const body = JSON.parse(answer.body) as NetpayErrorAnswer;
      return body.message ?? body.error ?? `status ${answer.status}`;
    } catch {
      return `status ${answer.status}`;
    }
  }

  /** 401 bad key, 403 no permission, 404/405 wrong path, 409 conflict, 429 slow down (códigos de respuesta). */
  function unusable(answer: ProviderAnswer, what: string): GatewayUnavailableError {
    return new GatewayUnavailableError("netpay", `${what} answered ${answer.status}: ${messageOf(answer)}`);
  }

  /** 400 "petición incorrecta" and 402 "los parámetros son válidos pero la solicitud falló". */
  function isRequestRefused(status: number): boolean {
    return status === 400 || status === 402 || status === 422;
  }

  function outcomeOfTransaction(transaction: NetpayTransactionAnswer, providerRef: string): ChargeOutcome | "open" {
    switch ((transaction.status ?? "").toUpperCase()) {
      case "DONE":
      // CANCELED: "cancelado después de completarse de forma correcta con el estatus DONE".
      case "CANCELED":
        return { status: "succeeded", providerRef };
      case "FAILED":
      case "REJECT":
      case "INSECURE":
        return {
          status: "declined",
          providerRef,
          reason: netpayDeclineReason(transaction.error),
          message: transaction.error ?? transaction.status,
        };
      default:
        // REVIEW (the challenge not finished yet), or a confirm NetPay has not applied yet.
        return "open";
    }
  }

  /**
   * After 3-D Secure NetPay holds the charge until the merchant confirms it: NetPay's own
   * WooCommerce plugin (netpaymx/netpay-woocommerce, commit 9742fea0,
   * includes/gateway/class-netpay-payment-creditcard.php `check_netpay_card_response`) reads the
   * transaction, and on CHARGEABLE sends `POST v3/charges/{transactionTokenId}/confirm` with no
   * body (its netpay-php `NetPayConfirm`, `NetPayConfig::$CONFIRM_URL`), then reads it again:
   * DONE paid, REJECT refused. The v1.2.1 guide names the same waiting state WAIT_THREEDS.
   */
  async function confirmAfterThreeDs(transactionTokenId: string): Promise<NetpayTransactionAnswer | null> {
    const answer = await request("POST", `${apiBase}/v3/charges/${encodeURIComponent(transactionTokenId)}/confirm`);
    // A confirm refused (already confirmed by a parallel request, or FAILED meanwhile) is read back below.
    if (answer.status === 401 || answer.status === 403 || answer.status === 429 || answer.status >= 500)
      throw unusable(answer, "POST v3/charges/confirm");
    return getTransaction(transactionTokenId);
  }

  async function getTransaction(transactionTokenId: string): Promise<NetpayTransactionAnswer | null> {
    const answer = await request("GET", `${apiBase}/v3/transactions/${encodeURIComponent(transactionTokenId)}`);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw unusable(answer, "GET v3/transactions");
    return parseJsonAnswer<NetpayTransactionAnswer>("netpay", answer);
  }

  return {
    name: "netpay",

    cardFormConfig() {
      return {
        provider: "netpay",
        publicKey: options.publicKey,
        scriptUrl: options.scriptUrl ?? (isSandbox ? NETPAY_SANDBOX_SCRIPT_URL : NETPAY_PRODUCTION_SCRIPT_URL),
        frameUrl: null,
      };
    },

    async saveCard({ token, customerRef, holder }) {
      // "Pago con token guardado": 1. Crear cliente (POST v3/clients, paymentSource required),
      // 1.1 Asignar tarjeta a un cliente ya creado (PUT v3/clients/{id}/token).
      const answer = customerRef
        ? await request(
            "PUT",
            `${apiBase}/v3/clients/${encodeURIComponent(customerRef)}/token`,
            JSON.stringify({ token, preAuth: false }),
          )
        : await request(
            "POST",
            `${apiBase}/v3/clients`,
            JSON.stringify({
              firstName: holder.firstName,
              lastName: holder.lastName,
              email: holder.email,
              phone: holder.phone,
              paymentSource: { source: token, type: "card" },
            }),
          );
      if (isRequestRefused(answer.status) || answer.status === 404) {
        // 404 "CardTokenAndStoreId not found" is how NetPay answers an unknown token (docs forum).
        throw new GatewayDeclinedError(netpayDeclineReason(messageOf(answer) || "token"), messageOf(answer));
      }
      if (answer.status !== 200 && answer.status !== 201) throw unusable(answer, "save card");
      const client = parseJsonAnswer<NetpayClientAnswer>("netpay", answer);
      const clientId = customerRef ?? (client.id === undefined ? null : String(client.id));
      const card = client.paymentSource?.card ?? client.paymentSource ?? client.card ?? client;
      if (!clientId || !card.lastFourDigits) {
        throw new GatewayUnavailableError("netpay", "saved-card answer lacks the client id or the card's last digits");
      }
      return {
        customerRef: clientId,
        // The tokenised card stays addressable by its token (1.3 Eliminar una tarjeta uses it in the path).
        cardRef: card.token ?? card.source ?? token,
        brand: normaliseCardBrand(card.brand),
        last4: card.lastFourDigits.slice(-4),
        expMonth: Number(card.expMonth ?? 0),
        expYear: fourDigitYear(Number(card.expYear ?? 0)),
        holderName: card.cardHolderName ?? `${holder.firstName} ${holder.lastName}`.trim(),
      };
    },

    async deleteCard({ customerRef, cardRef }) {
      const answer = await request(
        "DELETE",
        `${apiBase}/v3/clients/${encodeURIComponent(customerRef)}/token/${encodeURIComponent(cardRef)}`,
      );
      if (answer.status === 200 || answer.status === 204 || answer.status === 404) return;
      throw unusable(answer, "DELETE card");
    },

    async charge(charge): Promise<ChargeOutcome> {
      const body = {
        // Pesos as a JSON number ("amount": 500.0 in the docs), written from the centavos' digits.
        amount: new DecimalAmount(charge.amount),
        description: charge.description,
        source: charge.cardRef,
        paymentMethod: "card",
        currency: charge.currency.toUpperCase(),
        // Our payment id travels as the merchant reference (PAY-2).
        billing: { merchantReferenceCode: charge.reference },
        ...(charge.returnUrl ? { redirect3dsUri: charge.returnUrl } : {}),
      };
      const answer = await request("POST", `${apiBase}/v3/charges`, jsonWithDecimalAmounts(body));
      if (isRequestRefused(answer.status)) {
        const message = messageOf(answer);
        return { status: "declined", providerRef: null, reason: netpayDeclineReason(message), message };
      }
      if (answer.status !== 200 && answer.status !== 201) throw unusable(answer, "POST v3/charges");
      const result = parseJsonAnswer<NetpayChargeAnswer>("netpay", answer);
      const providerRef = result.transactionTokenId ?? null;
      switch ((result.status ?? "").toLowerCase()) {
        case "success":
          if (!providerRef) throw new GatewayUnavailableError("netpay", "success without a transactionTokenId");
          return { status: "succeeded", providerRef };
        case "failed":
          return {
            status: "declined",
            providerRef,
            reason: netpayDeclineReason(errorText(result)),
            message: errorText(result),
          };
        case "review":
          // 3-D Secure: send the browser to returnUrl; NetPay comes back to redirect3dsUri.
          if (providerRef && result.returnUrl) {
            return { status: "requires_action", providerRef, redirectUrl: result.returnUrl };
          }
          throw new GatewayUnavailableError("netpay", "charge in review without a 3-D Secure URL");
        default:
          throw new GatewayUnavailableError("netpay", `charge answered an unknown status "${result.status ?? ""}"`);
      }
    },

    async refund(refund): Promise<RefundOutcome> {
      // Reports REST wants the numeric transactionId; the gateway resolves it from the token.
      const transaction = await getTransaction(refund.providerChargeRef);
      const transactionId = transaction?.transactionId;
      if (transactionId === undefined || transactionId === null) {
        return { status: "failed", providerRef: null, message: "NetPay has no transaction for this charge" };
      }
      const answer = await request(
        "PUT",
        `${refundApiBase}/transactions/${encodeURIComponent(String(transactionId))}/refund`,
        jsonWithDecimalAmounts({ amount: new DecimalAmount(refund.amount) }),
        "reports",
      );
      if (answer.status === 200 || answer.status === 201) {
        const body = parseJsonAnswer<{ transactionId?: string | number; id?: string | number }>("netpay", answer);
        return { status: "succeeded", providerRef: String(body.transactionId ?? body.id ?? transactionId) };
      }
      if (answer.status === 401 || answer.status === 403 || answer.status === 429) throw unusable(answer, "refund");
      return { status: "failed", providerRef: null, message: messageOf(answer) };
    },

    async findRefund(lookup) {
      // Reports REST takes a refund and answers it; the stored docs show no way to find one again by
      // our reference or to read a transaction's refunded total. Never answer "not made" on a guess:
      // the refund stays pending until someone checks NetPay Reports (PAY-3).
      throw new GatewayUnavailableError("netpay", `cannot look up refund ${lookup.reference}; check NetPay Reports`);
    },

    async referenceOf(providerRef) {
      // The charge sent our payment id as `billing.merchantReferenceCode`; NetPay answers it back.
      return (await getTransaction(providerRef))?.merchantReferenceCode ?? null;
    },

    async findCharge(reference, providerRef) {
      if (!providerRef) {
        // The gateway looks transactions up by transactionTokenId only; a search by our
        // merchantReferenceCode needs the Reports GraphQL service, whose filter the stored docs do
        // not show. Never answer "not seen" (null) on a guess: the attempt stays pending (PAY-3).
        throw new GatewayUnavailableError(
          "netpay",
          `cannot look up ${reference} without its transactionTokenId; reconcile through NetPay Reports`,
        );
      }
      let transaction = await getTransaction(providerRef);
      if (!transaction) return null;
      // The driver came back from 3-D Secure (or left before coming back): the charge waits for us.
      if (AWAITING_CONFIRM.has((transaction.status ?? "").toUpperCase())) {
        transaction = await confirmAfterThreeDs(providerRef);
        if (!transaction) return null;
      }
      const outcome = outcomeOfTransaction(transaction, providerRef);
      if (outcome === "open") {
        throw new GatewayUnavailableError("netpay", `transaction ${providerRef} is ${transaction.status ?? "open"}`);
      }
      return outcome;
    },
  };
}
