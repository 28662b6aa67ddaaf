import { randomUUID } from "node:crypto";
import { type FakeServer, hang, sendJson, sendText, startFakeServer } from "./fake-http.ts";

/**
 * A fake Facturapi v2 written from its SDK's `invoices` resource and types: `POST /invoices`
 * answers the invoice (`id`, `uuid`, `status: "valid"`), `GET /invoices/{id}/xml|pdf` the files,
 * `DELETE /invoices/{id}?motive=` cancels; errors are `{ message }` with their status. An invoice
 * created again with the same `idempotency_key` is answered as the first one.
 * `behaviour` decides what the next creation does.
 */
export type FacturapiBehaviour = "ok" | "invalid_data" | "server_error" | "create_then_hang" | "rate_limited";

export interface FakeFacturapiInvoice {
  id: string;
  uuid: string;
  status: "valid" | "canceled";
  idempotency_key: string;
  body: Record<string, unknown>;
}

export interface FacturapiFake extends FakeServer {
  behaviour: FacturapiBehaviour;
  invoices: FakeFacturapiInvoice[];
}

export async function startFacturapiFake(): Promise<FacturapiFake> {
  const state = { behaviour: "ok" as FacturapiBehaviour, invoices: [] as FakeFacturapiInvoice[] };
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
    const cancel = /^\/v2\/invoices\/([^/]+)$/.exec(request.path);
    if (request.method === "DELETE" && cancel) {
      const invoice = state.invoices.find((candidate) => candidate.id === cancel[1]);
      if (!invoice) return sendJson(response, 404, { message: "Invoice not found", status: 404 });
      invoice.status = "canceled";
      return sendJson(response, 200, { id: invoice.id, status: invoice.status });
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
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(next: FacturapiBehaviour) {
      state.behaviour = next;
    },
  };
}
