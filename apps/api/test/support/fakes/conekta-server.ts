import { type FakeServer, hang, type RecordedRequest, sendJson, startFakeServer } from "./fake-http.ts";

/**
 * A fake Conekta API v2 answering with the shapes of the OpenAPI spec (conekta/openapi:
 * schemas/orders/order_response.yml, schemas/customers/*, schemas/errors/error.yml).
 * `behaviour` decides what the next order, payment source or refund does.
 */
export type ConektaOrderBehaviour =
  | "paid"
  | "declined"
  | "insufficient_funds"
  | "expired_card"
  | "three_ds"
  | "server_error"
  | "not_json"
  | "charge_then_hang";

export interface ConektaFakeBehaviour {
  order: ConektaOrderBehaviour;
  paymentSource: "ok" | "nonexistent_token";
  refund: "ok" | "server_error" | "not_refundable";
}

export interface FakeConektaOrder {
  id: string;
  /** Unix seconds. */
  created_at: number;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  payment_status: string;
  customerId: string;
  paymentSourceId: string;
  refunds: { id: string; amount: number }[];
}

export interface ConektaFake extends FakeServer {
  behaviour: ConektaFakeBehaviour;
  customers: string[];
  orders: FakeConektaOrder[];
}

function errorBody(type: string, code: string, message: string) {
  return {
    object: "error",
    type,
    log_id: "641b6d073cd9a50001515007",
    details: [{ code, message, debug_message: message }],
  };
}

function orderJson(order: FakeConektaOrder, nextAction?: unknown) {
  return {
    id: order.id,
    object: "order",
    livemode: false,
    created_at: order.created_at,
    amount: order.amount,
    amount_refunded: order.refunds.reduce((sum, refund) => sum + refund.amount, 0),
    currency: order.currency,
    payment_status: order.payment_status,
    metadata: order.metadata,
    customer_info: { customer_id: order.customerId, object: "customer_info" },
    charges: {
      object: "list",
      has_more: false,
      data: [
        {
          id: `ch_${order.id.slice(4)}`,
          object: "charge",
          created_at: order.created_at,
          currency: order.currency,
          livemode: false,
          amount: order.amount,
          status: order.payment_status,
          order_id: order.id,
          payment_method: { object: "card_payment", type: "credit", last4: "4242", brand: "visa" },
          refunds: {
            object: "list",
            has_more: false,
            data: order.refunds.map((refund) => ({ ...refund, object: "refund", created_at: order.created_at })),
          },
        },
      ],
    },
    ...(nextAction ? { next_action: nextAction } : {}),
  };
}

export async function startConektaFake(): Promise<ConektaFake> {
  const behaviour: ConektaFakeBehaviour = { order: "paid", paymentSource: "ok", refund: "ok" };
  const customers: string[] = [];
  const orders: FakeConektaOrder[] = [];
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_2tFake${++sequence}`;

  const server = await startFakeServer((request: RecordedRequest, response) => {
    const { method, path } = request;
    if (method === "POST" && path === "/customers") {
      const id = nextId("cus");
      customers.push(id);
      const body = JSON.parse(request.body) as { name: string; email: string; phone: string };
      const created_at = Math.floor(Date.now() / 1000);
      return sendJson(response, 200, { id, object: "customer", livemode: false, created_at, ...body });
    }
    const sourceMatch = /^\/customers\/([^/]+)\/payment_sources(?:\/([^/]+))?$/.exec(path);
    if (sourceMatch && method === "POST") {
      if (behaviour.paymentSource === "nonexistent_token") {
        return sendJson(
          response,
          422,
          errorBody(
            "parameter_validation_error",
            "conekta.errors.parameter_validation.payment_method.token_id.nonexistent_token",
            "El token no existe.",
          ),
        );
      }
      return sendJson(response, 200, {
        id: nextId("src"),
        object: "payment_source",
        type: "card",
        last4: "4242",
        bin: "42424242",
        // Conekta's own example (research/ecosystem.md §1.3) answers "debit"; a token named so gets it.
        card_type: (JSON.parse(request.body) as { token_id?: string }).token_id === "tok_debit" ? "debit" : "credit",
        exp_month: "12",
        exp_year: "29",
        brand: "visa",
        name: "Ana Pérez",
        parent_id: sourceMatch[1],
        default: false,
      });
    }
    if (sourceMatch && method === "DELETE") {
      return sendJson(response, 200, { id: sourceMatch[2], object: "payment_source", deleted: true });
    }
    if (method === "POST" && path === "/orders") {
      const body = JSON.parse(request.body) as {
        currency: string;
        customer_info: { customer_id: string };
        line_items: { unit_price: number; quantity: number }[];
        charges: { payment_method: { payment_source_id: string } }[];
        metadata: Record<string, string>;
      };
      const amount = body.line_items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
      const order: FakeConektaOrder = {
        id: nextId("ord"),
        created_at: Math.floor(Date.now() / 1000),
        amount,
        currency: body.currency,
        metadata: body.metadata,
        payment_status: "paid",
        customerId: body.customer_info.customer_id,
        paymentSourceId: body.charges[0]?.payment_method.payment_source_id ?? "",
        refunds: [],
      };
      switch (behaviour.order) {
        case "paid":
          orders.push(order);
          return sendJson(response, 200, orderJson(order));
        case "declined":
          return sendJson(
            response,
            402,
            errorBody("processing_error", "conekta.errors.processing.bank.declined", "La tarjeta fue declinada."),
          );
        case "insufficient_funds":
          return sendJson(
            response,
            402,
            errorBody("processing_error", "conekta.errors.processing.bank.insufficient_funds", "Fondos insuficientes."),
          );
        case "expired_card":
          return sendJson(
            response,
            402,
            errorBody("processing_error", "conekta.errors.processing.bank.expired_card", "La tarjeta expiró."),
          );
        case "three_ds":
          order.payment_status = "pending_payment";
          orders.push(order);
          return sendJson(
            response,
            200,
            orderJson(order, {
              type: "redirect_to_url",
              redirect_to_url: { url: `https://pay.conekta.com/${order.id}`, return_url: "https://app.test/3ds" },
            }),
          );
        case "server_error":
          return sendJson(response, 500, errorBody("api_error", "conekta.errors.api.system", "Internal error"));
        case "not_json":
          response.writeHead(200, { "content-type": "text/html" });
          return response.end("<html>maintenance</html>");
        case "charge_then_hang":
          orders.push(order);
          return hang(response);
      }
    }
    if (method === "GET" && path === "/orders") {
      // getOrders as documented: created_at.gte/lte, limit (≤ 250), the `next` cursor (an order id).
      const gte = Number(request.query.get("created_at.gte") ?? 0);
      const lte = Number(request.query.get("created_at.lte") ?? Number.MAX_SAFE_INTEGER);
      const limit = Math.min(Number(request.query.get("limit") ?? 20), 250);
      const after = request.query.get("next");
      const inWindow = orders.filter((order) => order.created_at >= gte && order.created_at <= lte);
      const start = after ? inWindow.findIndex((order) => order.id === after) + 1 : 0;
      const page = inWindow.slice(start, start + limit);
      return sendJson(response, 200, {
        object: "list",
        has_more: start + limit < inWindow.length,
        next_page_url: null,
        previous_page_url: null,
        data: page.map((order) => orderJson(order)),
      });
    }
    const orderMatch = /^\/orders\/([^/]+)(\/refunds)?$/.exec(path);
    if (orderMatch) {
      const order = orders.find((candidate) => candidate.id === orderMatch[1]);
      if (!order) {
        return sendJson(
          response,
          404,
          errorBody("resource_not_found_error", "conekta.errors.resource_not_found.entity", "No encontrado"),
        );
      }
      if (method === "GET" && !orderMatch[2]) return sendJson(response, 200, orderJson(order));
      if (method === "POST" && orderMatch[2]) {
        if (behaviour.refund === "server_error") return sendJson(response, 503, { message: "unavailable" });
        if (behaviour.refund === "not_refundable") {
          return sendJson(
            response,
            428,
            errorBody("precondition_required_error", "conekta.errors.precondition.order.refund", "No reembolsable"),
          );
        }
        const body = JSON.parse(request.body) as { amount: number };
        order.refunds.push({ id: nextId("ref"), amount: body.amount });
        order.payment_status = body.amount >= order.amount ? "refunded" : "partially_refunded";
        return sendJson(response, 200, orderJson(order));
      }
    }
    return sendJson(response, 404, errorBody("resource_not_found_error", "conekta.errors.not_found", "No route"));
  });
  return Object.assign(server, { behaviour, customers, orders });
}
