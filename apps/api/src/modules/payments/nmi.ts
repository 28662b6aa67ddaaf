import { WALLETS } from "@estaciona/contracts/wallets";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import {
  callProvider,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  decimalStringToMinorUnits,
  type FetchImpl,
  fourDigitYear,
  minorUnitsToDecimalString,
  normaliseCardBrand,
  trimTrailingSlash,
} from "./adapter-http.ts";
import {
  type ChargeOutcome,
  type DeclineReason,
  GatewayDeclinedError,
  GatewayUnavailableError,
  type PaymentGateway,
  type RefundOutcome,
  type StoredCredential,
} from "./gateway.ts";

/**
 * NMI (USA) through the Direct Post "Payment API" and the Query API (docs/decisions/0007).
 * Sources read: docs.nmi.com/reference/customers (Customer Vault, query-string answers),
 * docs.nmi.com/reference/data-and-transaction-reporting (query.php), docs.nmi.com/docs/testing-sandbox,
 * the response-code table of the Direct Post PDF as copied in research/ecosystem.md §2.3.
 *
 * Model: each saved card is one Customer Vault record (the vault id is what `type=sale` charges).
 * The first record's id is the driver's `customerRef`; later cards get their own record.
 */
export interface NmiGatewayOptions {
  /** Default `https://secure.nmi.com`; white-label gateways use their own host. */
  apiBase?: string;
  /** Private API key, posted as `security_key`. */
  securityKey: string;
  /** Public tokenization key for Collect.js (`data-tokenization-key`). */
  tokenizationKey: string;
  /** Per call; default 15 s. */
  timeoutMs?: number;
  fetchImpl?: FetchImpl;
  /** Default `https://secure.nmi.com/token/Collect.js`. */
  scriptUrl?: string;
}

export const NMI_API_BASE = "https://secure.nmi.com";
export const NMI_SCRIPT_URL = "https://secure.nmi.com/token/Collect.js";

/** A Direct Post answer: `response=1&responsetext=…&transactionid=…&response_code=100`. */
interface NmiAnswer {
  /** 1 approved, 2 declined, 3 error in transaction data or system error. */
  response: "1" | "2" | "3";
  responsetext: string;
  responseCode: string;
  transactionId: string | null;
  customerVaultId: string | null;
}

/** Direct Post `response_code` (NMI Direct Post PDF): 2xx are issuer/processor declines. */
export function nmiDeclineReason(responseCode: string): DeclineReason {
  switch (responseCode) {
    case "202":
    case "203":
      return "insufficient_funds";
    case "223":
    case "224":
      return "card_expired";
    case "225":
      return "cvc_invalid";
    default:
      return responseCode.startsWith("2") ? "card_declined" : "processing_error";
  }
}

/** Elements the Query API may repeat: always read as lists, even when one came back. */
const REPEATED_ELEMENTS = new Set(["customer", "transaction", "action"]);

/**
 * The Query API's XML, read by a real XML parser (entities, CDATA, attributes and whitespace as
 * XML defines them). Values stay strings: `cc_exp` 0129 is not the number 129.
 */
const queryXml = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => REPEATED_ELEMENTS.has(name),
});

/** An element of a parsed answer: its text children by name (an empty element parses as ""). */
type XmlElement = Record<string, unknown>;

function elements(parent: unknown, name: string): XmlElement[] {
  if (!parent || typeof parent !== "object") return [];
  const children = (parent as XmlElement)[name];
  return Array.isArray(children) ? children.filter((child): child is XmlElement => typeof child === "object") : [];
}

function text(element: XmlElement | undefined, name: string): string | null {
  const value = element?.[name];
  return typeof value === "string" ? value : null;
}

/** A sale the Query API reports, with its condition and the outcome of its `sale` action. */
interface QueriedSale {
  transactionId: string;
  orderId: string | null;
  condition: string;
  amount: string | null;
  succeeded: boolean;
  responseCode: string;
  responseText: string;
}

function queriedSales(response: XmlElement): QueriedSale[] {
  return elements(response, "transaction").flatMap((transaction) => {
    const sale = elements(transaction, "action").find((action) => text(action, "action_type") === "sale");
    if (!sale) return [];
    return [
      {
        transactionId: text(transaction, "transaction_id") ?? "",
        orderId: text(transaction, "order_id"),
        condition: text(transaction, "condition") ?? "unknown",
        amount: text(sale, "amount"),
        succeeded: text(sale, "success") === "1",
        responseCode: text(sale, "response_code") ?? "",
        responseText: text(sale, "response_text") ?? "",
      },
    ];
  });
}

/**
 * NMI's Credential-on-File fields (docs.nmi.com/reference/payment-api, "Credential on File"; decision
 * 0206): the card check that stores the card is `initiated_by=customer`, `stored_credential_indicator=stored`;
 * every later charge to the vault record is `used`, by the customer when the driver is there, by the merchant
 * otherwise, naming the check's transaction as `initial_transaction_id`.
 */
export function storedCredentialFields(credential: StoredCredential | undefined): Record<string, string> {
  if (!credential) return {};
  if (credential.first) return { initiated_by: "customer", stored_credential_indicator: "stored" };
  const fields: Record<string, string> = { initiated_by: credential.initiatedBy, stored_credential_indicator: "used" };
  if (credential.initiatedBy === "merchant" && credential.initialChargeRef)
    fields.initial_transaction_id = credential.initialChargeRef;
  return fields;
}

export function createNmiGateway(options: NmiGatewayOptions): PaymentGateway {
  const apiBase = trimTrailingSlash(options.apiBase ?? NMI_API_BASE);
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  const fetchImpl: FetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));

  /** Form-encoded POST: "The format you must use is name/value pairs delimited by ampersand". */
  async function post(endpoint: "transact.php" | "query.php", fields: Record<string, string>) {
    const answer = await callProvider(
      "nmi",
      fetchImpl,
      `${apiBase}/api/${endpoint}`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "*/*" },
        body: new URLSearchParams({ security_key: options.securityKey, ...fields }).toString(),
      },
      timeoutMs,
    );
    if (answer.status !== 200) {
      throw new GatewayUnavailableError("nmi", `${endpoint} answered ${answer.status}`);
    }
    return answer.body;
  }

  /** "…returned in the body of the HTTP response in a query string name/value format" (reference/customers). */
  async function transact(fields: Record<string, string>): Promise<NmiAnswer> {
    const body = await post("transact.php", fields);
    const parsed = new URLSearchParams(body.trim());
    const response = parsed.get("response");
    if (response !== "1" && response !== "2" && response !== "3") {
      throw new GatewayUnavailableError("nmi", "transact.php answered without a response field");
    }
    return {
      response,
      responsetext: parsed.get("responsetext") ?? "",
      responseCode: parsed.get("response_code") ?? "",
      transactionId: parsed.get("transactionid") || null,
      customerVaultId: parsed.get("customer_vault_id") || null,
    };
  }

  /** Query API answers XML (`<nm_response>…`); `<error_response>` means the query itself failed. */
  async function query(fields: Record<string, string>): Promise<XmlElement> {
    const xml = await post("query.php", fields);
    const parsed = XMLValidator.validate(xml) === true ? (queryXml.parse(xml) as XmlElement) : null;
    const response = parsed?.nm_response;
    if (response === undefined) {
      throw new GatewayUnavailableError("nmi", "query.php answered something other than <nm_response>");
    }
    // `<nm_response></nm_response>` (nothing found) parses as an empty string.
    const found: XmlElement = typeof response === "object" && response ? (response as XmlElement) : {};
    const error = text(found, "error_response");
    if (error !== null) throw new GatewayUnavailableError("nmi", `query.php refused: ${error}`);
    return found;
  }

  async function vaultCardDetails(vaultId: string) {
    const found = await query({ report_type: "customer_vault", customer_vault_id: vaultId });
    const record = elements(found.customer_vault, "customer")[0];
    const maskedNumber = text(record, "cc_number");
    const expiry = text(record, "cc_exp");
    if (!record || !maskedNumber || !expiry || !/^\d{4}$/.test(expiry)) {
      throw new GatewayUnavailableError("nmi", "customer vault record lacks cc_number or cc_exp");
    }
    return {
      brand: normaliseCardBrand(text(record, "cc_type"), maskedNumber),
      last4: maskedNumber.slice(-4),
      // cc_exp is MMYY.
      expMonth: Number(expiry.slice(0, 2)),
      expYear: fourDigitYear(Number(expiry.slice(2))),
      holderName: [text(record, "first_name"), text(record, "last_name")].filter(Boolean).join(" ") || null,
    };
  }

  return {
    name: "nmi",
    // Collect.js's Apple Pay and Google Pay buttons (docs.nmi.com/docs/digital-wallet-setup).
    wallets: WALLETS,

    cardFormConfig() {
      return {
        provider: "nmi",
        publicKey: options.tokenizationKey,
        scriptUrl: options.scriptUrl ?? NMI_SCRIPT_URL,
        frameUrl: null,
      };
    },

    async saveCard({ token, customerRef, holder }) {
      // customer_vault=add_customer with the Collect.js payment_token (docs.nmi.com/docs/adding-customers-to-vault).
      const fields: Record<string, string> = {
        customer_vault: "add_customer",
        payment_token: token,
        first_name: holder.firstName,
        last_name: holder.lastName,
        email: holder.email,
        phone: holder.phone,
      };
      if (holder.zipCode) fields.zip = holder.zipCode;
      const answer = await transact(fields);
      if (answer.response !== "1" || !answer.customerVaultId) {
        // response=3 on a vault add is almost always a bad or used token; 2 is an issuer decline.
        const reason = answer.response === "2" ? nmiDeclineReason(answer.responseCode) : "invalid_token";
        throw new GatewayDeclinedError(reason, answer.responsetext);
      }
      const details = await vaultCardDetails(answer.customerVaultId);
      return {
        customerRef: customerRef ?? answer.customerVaultId,
        cardRef: answer.customerVaultId,
        ...details,
        holderName: details.holderName ?? `${holder.firstName} ${holder.lastName}`.trim(),
      };
    },

    async deleteCard({ cardRef }) {
      const answer = await transact({ customer_vault: "delete_customer", customer_vault_id: cardRef });
      if (answer.response !== "1") {
        throw new GatewayUnavailableError("nmi", `delete_customer refused: ${answer.responsetext}`);
      }
    },

    async charge(charge): Promise<ChargeOutcome> {
      const answer = await transact({
        type: "sale",
        // A wallet's Apple Pay or Google Pay data arrives as Collect.js's payment_token, charged by the
        // same sale (docs.nmi.com/docs/digital-wallet-setup; docs/decisions/0284); a card, by its vault record.
        ...(charge.wallet ? { payment_token: charge.cardRef } : { customer_vault_id: charge.cardRef }),
        // Decimal dollars from integer cents, built from the digits (1000 → "10.00").
        amount: minorUnitsToDecimalString(charge.amount),
        currency: charge.currency.toUpperCase(),
        // Our payment id: the Query API finds the sale by order_id after a timeout (PAY-2).
        orderid: charge.reference,
        order_description: charge.description,
        // NMI refuses a second sale of the same amount on the same card within 20 minutes by
        // default; two meter extensions of one price are two real sales. The ledger is the guard
        // against paying twice: one attempt per payment id, never retried blindly (decision 0126).
        dup_seconds: "0",
        ...storedCredentialFields(charge.storedCredential),
      });
      if (answer.response === "1" && answer.transactionId) {
        return { status: "succeeded", providerRef: answer.transactionId };
      }
      if (answer.response === "1") throw new GatewayUnavailableError("nmi", "approved sale without a transactionid");
      return {
        status: "declined",
        providerRef: answer.transactionId,
        // response=3 is "error in transaction data or system error": the sale was not approved.
        reason: answer.response === "2" ? nmiDeclineReason(answer.responseCode) : "processing_error",
        message: answer.responsetext,
      };
    },

    async refund(refund): Promise<RefundOutcome> {
      // "Voids will cancel an existing sale … before settlement": a whole sale still awaiting
      // settlement is voided, so no money moves (the card check's $1 among them); a settled or
      // partly returned one is refunded. A sale already voided is the answer to a repeated request.
      const [sale] = queriedSales(await query({ transaction_id: refund.providerChargeRef }));
      if (sale?.condition === "canceled") return { status: "succeeded", providerRef: sale.transactionId };
      const wholeUnsettled =
        sale?.condition === "pendingsettlement" &&
        sale.amount !== null &&
        decimalStringToMinorUnits(sale.amount) === refund.amount;
      const answer = await transact(
        wholeUnsettled
          ? { type: "void", transactionid: refund.providerChargeRef }
          : {
              type: "refund",
              transactionid: refund.providerChargeRef,
              amount: minorUnitsToDecimalString(refund.amount),
              orderid: refund.reference,
            },
      );
      if (answer.response === "1") {
        return { status: "succeeded", providerRef: answer.transactionId ?? refund.providerChargeRef };
      }
      return { status: "failed", providerRef: answer.transactionId, message: answer.responsetext };
    },

    async findRefund({ reference, providerChargeRef, amount }): Promise<RefundOutcome | null> {
      // The refund was sent with our refund's id as its orderid: the Query API finds it by order_id,
      // a transaction whose actions include a `refund` (docs.nmi.com/reference/data-and-transaction-reporting).
      const refunds = elements(await query({ order_id: reference }), "transaction")
        .filter((transaction) => text(transaction, "order_id") === reference)
        .flatMap((transaction) =>
          elements(transaction, "action")
            .filter((action) => text(action, "action_type") === "refund")
            .map((action) => ({
              transactionId: text(transaction, "transaction_id") ?? "",
              succeeded: text(action, "success") === "1",
              text: text(action, "response_text") ?? "",
            })),
        );
      const made = refunds.find((refund) => refund.succeeded);
      if (made) return { status: "succeeded", providerRef: made.transactionId };
      const refused = refunds.at(-1);
      if (refused) return { status: "failed", providerRef: refused.transactionId, message: refused.text };
      // `refund` voids a whole unsettled sale instead: a void leaves no transaction of its own, the
      // sale itself turns `canceled`.
      const [sale] = queriedSales(await query({ transaction_id: providerChargeRef }));
      const voided =
        sale?.condition === "canceled" && sale.amount !== null && decimalStringToMinorUnits(sale.amount) === amount;
      return voided ? { status: "succeeded", providerRef: sale.transactionId } : null;
    },

    async findCharge(reference, providerRef) {
      // By the sale's own id once it is recorded, else by the `orderid` we sent (our payment id): the
      // Query API's `transaction_id` and `order_id` filters (decision 0205).
      const transactions = queriedSales(
        await query(providerRef ? { transaction_id: providerRef } : { order_id: reference }),
      ).filter((sale) => (providerRef ? sale.transactionId === providerRef : sale.orderId === reference));
      if (transactions.length === 0) return null;

      // Settled or awaiting settlement is money taken; a later refund does not undo the charge.
      const approved = transactions.find(
        (transaction) =>
          transaction.succeeded && ["pendingsettlement", "complete", "in_progress"].includes(transaction.condition),
      );
      if (approved) return { status: "succeeded", providerRef: approved.transactionId };
      const stillOpen = transactions.find((transaction) => ["pending", "unknown"].includes(transaction.condition));
      if (stillOpen)
        throw new GatewayUnavailableError("nmi", `sale ${stillOpen.transactionId} is ${stillOpen.condition}`);
      const last = transactions[transactions.length - 1];
      if (!last) return null;
      return {
        status: "declined",
        providerRef: last.transactionId,
        reason: last.responseCode ? nmiDeclineReason(last.responseCode) : "card_declined",
        message: `${last.condition}: ${last.responseText}`.trim(),
      };
    },
  };
}
