import { type FakeServer, hang, type RecordedRequest, sendText, startFakeServer } from "./fake-http.ts";

/**
 * A fake NMI gateway: `POST /api/transact.php` answers in the Direct Post query-string format
 * (`response=1&responsetext=…&transactionid=…&response_code=100`), `POST /api/query.php` answers
 * `<nm_response>` XML like the Query API (docs.nmi.com/reference/customers, /data-and-transaction-reporting).
 */
export type NmiSaleBehaviour =
  | "approve"
  | "decline"
  | "insufficient_funds"
  | "expired_card"
  | "cvv_mismatch"
  | "error"
  | "server_error"
  | "garbage"
  | "charge_then_hang";

export interface NmiFakeBehaviour {
  sale: NmiSaleBehaviour;
  vault: "ok" | "invalid_token";
}

export interface FakeNmiTransaction {
  transactionId: string;
  orderId: string;
  type: "sale" | "refund";
  /** pendingsettlement, complete, canceled (voided) or failed, as the Query API reports. */
  amount: string;
  condition: string;
  success: boolean;
  responseCode: string;
}

export interface NmiFake extends FakeServer {
  behaviour: NmiFakeBehaviour;
  vault: Map<string, { firstName: string; lastName: string }>;
  transactions: FakeNmiTransaction[];
}

const SALE_DECLINES: Partial<Record<NmiSaleBehaviour, { code: string; text: string }>> = {
  decline: { code: "200", text: "DECLINE" },
  insufficient_funds: { code: "202", text: "Insufficient funds" },
  expired_card: { code: "223", text: "Expired card" },
  cvv_mismatch: { code: "225", text: "CVV2 mismatch" },
};

/** What an XML writer does to text: the Query API's answers carry names like "O'Brien & Co" escaped. */
function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&apos;");
}

function queryString(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export async function startNmiFake(): Promise<NmiFake> {
  const behaviour: NmiFakeBehaviour = { sale: "approve", vault: "ok" };
  const vault = new Map<string, { firstName: string; lastName: string }>();
  const transactions: FakeNmiTransaction[] = [];
  let sequence = 1000;

  const server = await startFakeServer((request: RecordedRequest, response) => {
    const fields = new URLSearchParams(request.body);
    if (request.method !== "POST" || fields.get("security_key") !== "nmi_security_key") {
      // NMI answers authentication problems inside a 200 like any other error.
      return sendText(
        response,
        200,
        queryString({ response: "3", responsetext: "Authentication Failed", response_code: "300" }),
      );
    }
    if (request.path === "/api/transact.php") {
      const vaultAction = fields.get("customer_vault");
      if (vaultAction === "add_customer") {
        if (behaviour.vault === "invalid_token") {
          return sendText(
            response,
            200,
            queryString({ response: "3", responsetext: "Invalid payment token", response_code: "300" }),
          );
        }
        const vaultId = String(++sequence);
        vault.set(vaultId, { firstName: fields.get("first_name") ?? "", lastName: fields.get("last_name") ?? "" });
        return sendText(
          response,
          200,
          queryString({
            response: "1",
            responsetext: "Customer Added",
            authcode: "",
            transactionid: "",
            response_code: "100",
            customer_vault_id: vaultId,
          }),
        );
      }
      if (vaultAction === "delete_customer") {
        const existed = vault.delete(fields.get("customer_vault_id") ?? "");
        return sendText(
          response,
          200,
          existed
            ? queryString({ response: "1", responsetext: "Customer Deleted", response_code: "100" })
            : queryString({ response: "3", responsetext: "Invalid Customer Vault Id", response_code: "300" }),
        );
      }
      const type = fields.get("type");
      if (type === "sale") {
        if (behaviour.sale === "server_error") return sendText(response, 502, "Bad Gateway");
        if (behaviour.sale === "garbage") return sendText(response, 200, "<html>oops</html>", "text/html");
        const transactionId = String(++sequence * 1000);
        const decline = SALE_DECLINES[behaviour.sale];
        const transaction: FakeNmiTransaction = {
          transactionId,
          orderId: fields.get("orderid") ?? "",
          type: "sale",
          amount: fields.get("amount") ?? "",
          condition: decline ? "failed" : "pendingsettlement",
          success: !decline,
          responseCode: decline?.code ?? "100",
        };
        if (behaviour.sale === "error") {
          return sendText(
            response,
            200,
            queryString({ response: "3", responsetext: "Invalid Customer Vault Id REFID:1", response_code: "300" }),
          );
        }
        transactions.push(transaction);
        if (behaviour.sale === "charge_then_hang") return hang(response);
        return sendText(
          response,
          200,
          queryString({
            response: decline ? "2" : "1",
            responsetext: decline?.text ?? "SUCCESS",
            authcode: decline ? "" : "123456",
            transactionid: transactionId,
            avsresponse: "",
            cvvresponse: decline?.code === "225" ? "N" : "M",
            orderid: transaction.orderId,
            type: "sale",
            response_code: transaction.responseCode,
          }),
        );
      }
      if (type === "void") {
        // A void answers the sale's own transaction id and cancels it (Payment API, "Void").
        const original = transactions.find(
          (transaction) =>
            transaction.transactionId === fields.get("transactionid") && transaction.condition === "pendingsettlement",
        );
        if (!original)
          return sendText(
            response,
            200,
            queryString({
              response: "3",
              responsetext: "Only unsettled transactions can be voided",
              response_code: "300",
            }),
          );
        original.condition = "canceled";
        return sendText(
          response,
          200,
          queryString({
            response: "1",
            responsetext: "Transaction Void Successful",
            transactionid: original.transactionId,
            response_code: "100",
            type: "void",
          }),
        );
      }
      if (type === "refund") {
        const original = transactions.find((transaction) => transaction.transactionId === fields.get("transactionid"));
        if (!original) {
          return sendText(
            response,
            200,
            queryString({ response: "3", responsetext: "Transaction not found REFID:2", response_code: "300" }),
          );
        }
        const transactionId = String(++sequence * 1000);
        transactions.push({
          ...original,
          transactionId,
          type: "refund",
          orderId: fields.get("orderid") ?? original.orderId,
          amount: fields.get("amount") ?? "",
        });
        return sendText(
          response,
          200,
          queryString({
            response: "1",
            responsetext: "SUCCESS",
            transactionid: transactionId,
            response_code: "100",
            type: "refund",
          }),
        );
      }
    }
    if (request.path === "/api/query.php") {
      if (fields.get("report_type") === "customer_vault") {
        const vaultId = fields.get("customer_vault_id") ?? "";
        const record = vault.get(vaultId);
        const customers = record
          ? `<customer id="${vaultId}"><first_name>${escapeXml(record.firstName)}</first_name><last_name>${escapeXml(record.lastName)}</last_name><cc_number>4xxxxxxxxxxx1111</cc_number><cc_exp>1029</cc_exp><cc_type>Visa</cc_type><customer_vault_id>${vaultId}</customer_vault_id></customer>`
          : "";
        return sendText(
          response,
          200,
          `<?xml version="1.0" encoding="UTF-8"?>\n<nm_response><customer_vault>${customers}</customer_vault></nm_response>`,
          "text/xml",
        );
      }
      // The Query API's filters: order_id and transaction_id, each when given.
      const orderId = fields.get("order_id");
      const transactionId = fields.get("transaction_id");
      const found = transactions.filter(
        (transaction) =>
          (orderId === null || transaction.orderId === orderId) &&
          (transactionId === null || transaction.transactionId === transactionId),
      );
      const xml = found
        .map(
          (transaction) =>
            `<transaction><transaction_id>${transaction.transactionId}</transaction_id><transaction_type>cc</transaction_type><condition>${transaction.condition}</condition><order_id>${transaction.orderId}</order_id><currency>USD</currency><action><amount>${transaction.amount}</amount><action_type>${transaction.type}</action_type><date>20261121000000</date><success>${transaction.success ? 1 : 0}</success><response_text>${transaction.success ? "SUCCESS" : "DECLINE"}</response_text><response_code>${transaction.responseCode}</response_code></action></transaction>`,
        )
        .join("");
      return sendText(
        response,
        200,
        `<?xml version="1.0" encoding="UTF-8"?>\n<nm_response>${xml}</nm_response>`,
        "text/xml",
      );
    }
    return sendText(response, 404, "Not Found");
  });
  return Object.assign(server, { behaviour, vault, transactions });
}
