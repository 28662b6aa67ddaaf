import { randomUUID } from "node:crypto";
import { type FakeServer, hang, sendJson, sendText, startFakeServer } from "./fake-http.ts";

/**
 * A fake Facturapi v2 written from its SDK's `invoices` resource and types: `POST /invoices`
 * answers the invoice (`id`, `uuid`, `status: "valid"`), `GET /invoices/{id}/xml|pdf` the files,
 * `DELETE /invoices/{id}?motive=` cancels — at once, or with `cancellation_status: "pending"` when
 * `receiverMustAccept` (facturapi-docs guides/invoices/cancelaciones.mdx), settled later by
 * `settleCancellation` and read with `GET /invoices/{id}`; errors are `{ message }` with their status. An invoice
 * created again with the same `idempotency_key` is answered as the first one.
 * `behaviour` decides what the next creation does.
 */
export type FacturapiBehaviour = "ok" | "invalid_data" | "server_error" | "create_then_hang" | "rate_limited";

export interface FakeFacturapiInvoice {
  id: string;
  uuid: string;
  status: "valid" | "canceled";
  cancellation_status: "none" | "pending" | "accepted" | "rejected" | "expired";
  idempotency_key: string;
  body: Record<string, unknown>;
}

export interface FacturapiFake extends FakeServer {
  behaviour: FacturapiBehaviour;
  invoices: FakeFacturapiInvoice[];
  /** The next cancellations wait for the receiver (`pending`) instead of being accepted at once. */
  receiverMustAccept: boolean;
  /** The receiver answers a pending cancellation. */
  settleCancellation(id: string, outcome: "accepted" | "rejected" | "expired"): void;
}

export async function startFacturapiFake(): Promise<FacturapiFake> {
  const state = {
    behaviour: "ok" as FacturapiBehaviour,
    invoices: [] as FakeFacturapiInvoice[],
    receiverMustAccept: false,
  };
  const answer = (invoice: FakeFacturapiInvoice) => ({
    id: invoice.id,
    uuid: invoice.uuid,
    status: invoice.status,
    cancellation_status: invoice.cancellation_status,
  });
  const server = await startFakeServer((request, response) => {
    if (request.headers.authorization !== "Bearer sk_test_fake") {
      sendJson(response, 401, { message: "Invalid API key", status: 401 });
      return;
    }
    const invoiceFile = /^\/v2\/invoices\/([^/]+)\/(xml|pdf)$/.exec(request.path);
    if (request.method === "GET" && invoiceFile) {
      const invoice = state.invoices.find((candidate) => candidate.id === invoiceFile[1]);
      if (!invoice) return sendJson(response, 404, { message: "Invoice not found", status: 404 });
      return invoiceFile[2] === "xml"
        ? sendText(response, 200, `<cfdi:Comprobante UUID="${invoice.uuid}"/>`, "application/xml")
        : sendText(response, 200, "%PDF-1.4 fake", "application/pdf");
    }
    const one = /^\/v2\/invoices\/([^/]+)$/.exec(request.path);
    const invoice = one && state.invoices.find((candidate) => candidate.id === one[1]);
    if (one && !invoice) return sendJson(response, 404, { message: "Invoice not found", status: 404 });
    if (request.method === "GET" && invoice) return sendJson(response, 200, answer(invoice));
    if (request.method === "DELETE" && invoice) {
      // "If the invoice is already canceled or has a cancellation in progress … an error."
      if (invoice.status === "canceled" || invoice.cancellation_status === "pending")
        return sendJson(response, 400, { message: "La factura no se puede cancelar", status: 400 });
      if (request.query.get("motive") !== "02") return sendJson(response, 400, { message: "motive", status: 400 });
      if (state.receiverMustAccept) invoice.cancellation_status = "pending";
      else Object.assign(invoice, { status: "canceled", cancellation_status: "accepted" });
      return sendJson(response, 200, answer(invoice));
    }
    if (request.method === "POST" && request.path === "/v2/invoices") {
      const body = JSON.parse(request.body) as Record<string, unknown>;
      const earlier = state.invoices.find((invoice) => invoice.idempotency_key === body.idempotency_key);
      if (earlier) return sendJson(response, 200, { id: earlier.id, uuid: earlier.uuid, status: earlier.status });
      switch (state.behaviour) {
        case "invalid_data":
          return sendJson(response, 400, {
            message: "El RFC del receptor no está en la lista de RFC inscritos",
            status: 400,
          });
        case "server_error":
          return sendJson(response, 502, { message: "PAC unavailable", status: 502 });
        case "rate_limited":
          return sendJson(response, 429, { message: "Too many requests", status: 429 });
      }
      const invoice: FakeFacturapiInvoice = {
        id: `inv_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
        uuid: randomUUID().toUpperCase(),
        status: "valid",
        cancellation_status: "none",
        idempotency_key: String(body.idempotency_key),
        body,
      };
      state.invoices.push(invoice);
      if (state.behaviour === "create_then_hang") return hang(response);
      return sendJson(response, 200, { id: invoice.id, uuid: invoice.uuid, status: invoice.status, total: 41.78 });
    }
    sendJson(response, 404, { message: "Not found", status: 404 });
  });
  return {
    ...server,
    invoices: state.invoices,
    settleCancellation(id, outcome) {
      const invoice = state.invoices.find((candidate) => candidate.id === id);
      if (!invoice) throw new Error(`no invoice ${id}`);
      invoice.cancellation_status = outcome;
      if (outcome === "accepted") invoice.status = "canceled";
    },
    get receiverMustAccept() {
      return state.receiverMustAccept;
    },
    set receiverMustAccept(next: boolean) {
      state.receiverMustAccept = next;
    },
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(next: FacturapiBehaviour) {
      state.behaviour = next;
    },
  };
}
