import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FacturapiFake, startFacturapiFake } from "../../../test/support/fakes/facturapi-server.ts";
import { FAKE_PROVIDER_TIMEOUT_MS } from "../../../test/support/fakes/fake-http.ts";
import type { CfdiDocument } from "./cfdi.ts";
import { createFacturapiIssuer } from "./facturapi.ts";
import { type InvoiceProvider, InvoiceProviderError } from "./provider.ts";

const document: CfdiDocument = {
  series: "EST",
  folio: 7,
  issuedAt: "2026-11-24T17:05:09",
  currency: "MXN",
  paymentForm: "04",
  issuer: { rfc: "EDE210101A17", name: "ESTACIONA DEMO", regime: "601", postalCode: "64000" },
  receiver: { rfc: "PEPA800101AB1", name: "ANA PÉREZ PÉREZ", regime: "612", postalCode: "64000", cfdiUse: "G03" },
  lines: [{ reference: "pay_1", description: "Estacionamiento Fundidora", base: 3602, tax: 576, taxRateBp: 1600 }],
};
const context = { invoiceId: "0d6f3c1e-1111-4000-8000-000000000001", receiverEmail: "ana@example.com" };

let fake: FacturapiFake;
let issuer: InvoiceProvider;
beforeEach(async () => {
  fake = await startFacturapiFake();
  issuer = createFacturapiIssuer({
    secretKey: "sk_test_fake",
    apiBase: `${fake.url}/v2/`,
    timeoutMs: FAKE_PROVIDER_TIMEOUT_MS,
  });
});
afterEach(async () => fake.close());

describe("Facturapi adapter", () => {
  it("creates the invoice with the secret key, the customer inline, pesos as decimals and our id as idempotency key", async () => {
    const issued = await issuer.issue(document, context);
    const [created] = fake.requests;
    expect(created?.method).toBe("POST");
    expect(created?.path).toBe("/v2/invoices");
    expect(created?.headers.authorization).toBe("Bearer sk_test_fake");
    expect(created?.body).toContain('"price":36.02');
    expect(JSON.parse(created?.body ?? "{}")).toEqual({
      customer: {
        legal_name: "ANA PÉREZ PÉREZ",
        tax_id: "PEPA800101AB1",
        tax_system: "612",
        email: "ana@example.com",
        address: { zip: "64000" },
      },
      items: [
        {
          quantity: 1,
          product: {
            description: "Estacionamiento Fundidora",
            product_key: "78111807",
            price: 36.02,
            tax_included: false,
            taxes: [{ type: "IVA", rate: 0.16 }],
            unit_key: "E48",
            unit_name: "Unidad de servicio",
            sku: "pay_1",
          },
        },
      ],
      payment_form: "04",
      payment_method: "PUE",
      use: "G03",
      currency: "MXN",
      series: "EST",
      folio_number: 7,
      external_id: context.invoiceId,
      idempotency_key: context.invoiceId,
    });
    const invoice = fake.invoices[0];
    expect(issued).toMatchObject({ providerRef: invoice?.id, cfdiUuid: invoice?.uuid, stamped: true });
    expect(issued.xml).toContain(invoice?.uuid);
    expect(issued.pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(fake.requests.map((request) => `${request.method} ${request.path}`).sort()).toEqual([
      `GET /v2/invoices/${invoice?.id}/pdf`,
      `GET /v2/invoices/${invoice?.id}/xml`,
      "POST /v2/invoices",
    ]);
  });

  it("refuses an invoice the provider rejects (4xx) for good, with its message", async () => {
    fake.behaviour = "invalid_data";
    const failure = await issuer.issue(document, context).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvoiceProviderError);
    expect((failure as InvoiceProviderError).retryable).toBe(false);
    expect((failure as InvoiceProviderError).message).toContain("lista de RFC inscritos");
  });

  it.each(["server_error", "rate_limited", "create_then_hang"] as const)(
    "treats %s as worth another try, and the retry gets the invoice already made",
    async (behaviour) => {
      fake.behaviour = behaviour;
      const failure = await issuer.issue(document, context).catch((error: unknown) => error);
      expect((failure as InvoiceProviderError).retryable).toBe(true);
      fake.behaviour = "ok";
      const issued = await issuer.issue(document, context);
      expect(fake.invoices).toHaveLength(1);
      expect(issued.providerRef).toBe(fake.invoices[0]?.id);
    },
  );

  it("cancels with motive 02", async () => {
    const issued = await issuer.issue(document, context);
    await issuer.cancel(issued.providerRef);
    const cancel = fake.requests.at(-1);
    expect(`${cancel?.method} ${cancel?.path}?${cancel?.query.toString()}`).toBe(
      `DELETE /v2/invoices/${issued.providerRef}?motive=02`,
    );
    expect(fake.invoices[0]?.status).toBe("canceled");
  });
});
