import { type FakeServer, hang, type RecordedRequest, sendJson, startFakeServer } from "./fake-http.ts";

/**
 * A fake NetPay: the e-commerce gateway under `/gateway-ecommerce/v3/…` (clients, charges,
 * transactions) and Reports REST refunds under `/reports-sandbox/v2/…`, answering with the shapes
 * of docs.netpay.com.mx (charge statuses success | review | failed; transaction statuses DONE, FAILED…).
 */
export type NetpayChargeBehaviour =
  | "success"
  | "failed_funds"
  | "failed_expired"
  | "three_ds"
  | "refused_402"
  | "server_error"
  | "charge_then_hang";

export interface NetpayFakeBehaviour {
  charge: NetpayChargeBehaviour;
  token: "ok" | "unknown";
}

export interface FakeNetpayTransaction {
  transactionTokenId: string;
  transactionId: number;
  status: string;
  /** The amount exactly as it arrived in the JSON text, e.g. `10.00`. */
  amountLiteral: string;
  merchantReferenceCode: string;
  refunds: string[];
  /** Times the merchant's confirm call reached it (after 3-D Secure). */
  confirmed: number;
  /** The issuer refuses at confirm time (the state becomes REJECT). */
  declineOnConfirm?: boolean;
  /** The charge request's JSON, as sent. */
  request: Record<string, unknown>;
}

export interface NetpayFake extends FakeServer {
  behaviour: NetpayFakeBehaviour;
  clients: Map<string, string[]>;
  transactions: FakeNetpayTransaction[];
  apiBase: string;
  refundApiBase: string;
}

const SECRET_KEY = "sk_netpay_test";

/**
 * The charge's fields as NetPay's own library sends them (netpay-ecommerce/netpay-php, commit
 * 683a1f0b, lib/NetPay/Handlers/NetPayCheckoutDataHandler.php) plus the v3.5 fields of the guide
 * (saveCard, referenceId, cvv2 for a saved token): anything else is refused.
 */
const CHARGE_FIELDS = new Set([
  "description",
  "source",
  "paymentMethod",
  "amount",
  "currency",
  "billing",
  "ship",
  "redirect3dsUri",
  "installments",
  "saveCard",
  "referenceId",
  "cvv2",
]);

function amountLiteral(body: string): string {
  return /"amount":([0-9.]+)/.exec(body)?.[1] ?? "";
}

function cardJson(token: string) {
  return { token, lastFourDigits: "3532", brand: "VISA", expMonth: "11", expYear: "28", cardHolderName: "Ana Pérez" };
}

export async function startNetpayFake(): Promise<NetpayFake> {
  const behaviour: NetpayFakeBehaviour = { charge: "success", token: "ok" };
  const clients = new Map<string, string[]>();
  const transactions: FakeNetpayTransaction[] = [];
  let sequence = 0;

  const server = await startFakeServer((request: RecordedRequest, response) => {
    const { method, path } = request;
    if (path.startsWith("/reports-sandbox/v2/")) {
      if (request.headers["x-netpay-apikey"] !== SECRET_KEY)
        return sendJson(response, 401, { message: "Unauthorized" });
      const match = /^\/reports-sandbox\/v2\/transactions\/(\d+)\/refund$/.exec(path);
      const transaction = transactions.find((candidate) => String(candidate.transactionId) === match?.[1]);
      if (method !== "PUT" || !transaction) return sendJson(response, 404, { message: "Transaction not found" });
      const refundId = String(900000 + ++sequence);
      transaction.refunds.push(amountLiteral(request.body));
      return sendJson(response, 200, { transactionId: refundId, status: "REFUNDED" });
    }
    if (request.headers.authorization !== SECRET_KEY) return sendJson(response, 401, { message: "Unauthorized" });
    if (method === "POST" && path === "/gateway-ecommerce/v3/clients") {
      const body = JSON.parse(request.body) as { paymentSource: { source: string } };
      if (behaviour.token === "unknown") {
        return sendJson(response, 404, {
          status: 404,
          error: "Not Found",
          message: "CardTokenAndStoreId not found with token",
        });
      }
      const id = `client-${++sequence}`;
      clients.set(id, [body.paymentSource.source]);
      return sendJson(response, 200, {
        id,
        paymentSource: { source: body.paymentSource.source, type: "card", card: cardJson(body.paymentSource.source) },
      });
    }
    const assign = /^\/gateway-ecommerce\/v3\/clients\/([^/]+)\/token(?:\/([^/]+))?$/.exec(path);
    if (assign && method === "PUT") {
      const body = JSON.parse(request.body) as { token: string };
      const cards = clients.get(assign[1] ?? "");
      if (!cards) return sendJson(response, 404, { message: "Client not found" });
      cards.push(body.token);
      return sendJson(response, 200, { id: assign[1], card: cardJson(body.token) });
    }
    if (assign && method === "DELETE") {
      const cards = clients.get(assign[1] ?? "") ?? [];
      clients.set(
        assign[1] ?? "",
        cards.filter((token) => token !== assign[2]),
      );
      return sendJson(response, 200, { message: "deleted" });
    }
    if (method === "POST" && path === "/gateway-ecommerce/v3/charges") {
      if (behaviour.charge === "server_error") return sendJson(response, 503, { message: "Service Unavailable" });
      if (behaviour.charge === "refused_402") return sendJson(response, 402, { message: "Tarjeta expirada" });
      const body = JSON.parse(request.body) as { billing: { merchantReferenceCode: string }; redirect3dsUri?: string };
      const unknown = Object.keys(body).filter((field) => !CHARGE_FIELDS.has(field));
      if (unknown.length > 0) return sendJson(response, 400, { message: `Unknown fields: ${unknown.join(", ")}` });
      const transactionTokenId = `5dced89c-2b6e-4a1c-a715-${String(++sequence).padStart(12, "0")}`;
      const failed = behaviour.charge === "failed_funds" || behaviour.charge === "failed_expired";
      const transaction: FakeNetpayTransaction = {
        transactionTokenId,
        transactionId: 70000 + sequence,
        status: failed ? "FAILED" : behaviour.charge === "three_ds" ? "REVIEW" : "DONE",
        amountLiteral: amountLiteral(request.body),
        merchantReferenceCode: body.billing.merchantReferenceCode,
        refunds: [],
        confirmed: 0,
        request: JSON.parse(request.body) as Record<string, unknown>,
      };
      transactions.push(transaction);
      if (behaviour.charge === "charge_then_hang") return hang(response);
      const error =
        behaviour.charge === "failed_funds"
          ? "Fondos insuficientes"
          : behaviour.charge === "failed_expired"
            ? "Tarjeta expirada"
            : null;
      return sendJson(response, 200, {
        source: "token_q8L5Bf",
        amount: Number(transaction.amountLiteral),
        status: failed ? "failed" : behaviour.charge === "three_ds" ? "review" : "success",
        transactionTokenId,
        redirect3dsUri: body.redirect3dsUri ?? null,
        returnUrl:
          behaviour.charge === "three_ds"
            ? `https://gateway-154.netpaydev.com/gateway-ecommerce/v1/three-d-secure/paymenth-auth-enroll/${transactionTokenId}`
            : null,
        paymentMethod: "card",
        currency: "MXN",
        error,
      });
    }
    const confirm = /^\/gateway-ecommerce\/v3\/charges\/([^/]+)\/confirm$/.exec(path);
    if (confirm && method === "POST") {
      // netpay-php NetPayConfirm posts no body; a confirm outside the waiting states is refused.
      const transaction = transactions.find((candidate) => candidate.transactionTokenId === confirm[1]);
      if (!transaction) return sendJson(response, 404, { message: "Transaction not found" });
      if (request.body !== "") return sendJson(response, 400, { message: "confirm takes no body" });
      if (transaction.status !== "WAIT_THREEDS" && transaction.status !== "CHARGEABLE")
        return sendJson(response, 409, { message: `Transaction is ${transaction.status}` });
      transaction.status = transaction.declineOnConfirm ? "REJECT" : "DONE";
      transaction.confirmed += 1;
      return sendJson(response, 200, {
        transactionTokenId: transaction.transactionTokenId,
        status: transaction.status,
      });
    }
    const lookup = /^\/gateway-ecommerce\/v3\/transactions\/([^/]+)$/.exec(path);
    if (lookup && method === "GET") {
      const transaction = transactions.find((candidate) => candidate.transactionTokenId === lookup[1]);
      if (!transaction) return sendJson(response, 404, { message: "Transaction not found" });
      return sendJson(response, 200, {
        transactionTokenId: transaction.transactionTokenId,
        transactionId: transaction.transactionId,
        status: transaction.status,
        merchantReferenceCode: transaction.merchantReferenceCode,
      });
    }
    return sendJson(response, 404, { message: "No route" });
  });
  return Object.assign(server, {
    behaviour,
    clients,
    transactions,
    apiBase: `${server.url}/gateway-ecommerce`,
    refundApiBase: `${server.url}/reports-sandbox/v2`,
  });
}
