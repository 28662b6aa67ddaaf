import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAnswer, checkRequest, loadSpec } from "../../../test/support/contract/openapi-check.ts";
import { type FacturapiFake, startFacturapiFake } from "../../../test/support/fakes/facturapi-server.ts";
import { FAKE_PROVIDER_TIMEOUT_MS } from "../../../test/support/fakes/fake-http.ts";
import { type CfdiDocument, generalPublic } from "./cfdi.ts";
import { createFacturapiIssuer } from "./facturapi.ts";

/**
 * Every request the Facturapi issuer sends, and every answer our fake gives it, held to Facturapi's
 * own OpenAPI v2 document (FacturAPI/facturapi-docs dcbdc849, test/support/fixtures/providers; decision 0207).
 */
const spec = loadSpec("facturapi");
const document: CfdiDocument = {
  series: "EST",
  folio: 7,
  issuedAt: "2026-11-24T17:05:09",
  currency: "MXN",
  paymentForm: "28",
  issuer: { rfc: "EDE210101A17", name: "ESTACIONA DEMO", regime: "601", postalCode: "64000" },
  receiver: { rfc: "PEPA800101AB1", name: "ANA PÉREZ PÉREZ", regime: "612", postalCode: "64000", cfdiUse: "G03" },
  lines: [{ reference: "pay_1", description: "Estacionamiento Fundidora", base: 3602, tax: 576, taxRateBp: 1600 }],
};
let fake: FacturapiFake;

beforeAll(async () => {
  fake = await startFacturapiFake();
  const issuer = createFacturapiIssuer({
    secretKey: "sk_test_fake",
    apiBase: `${fake.url}/v2/`,
    timeoutMs: FAKE_PROVIDER_TIMEOUT_MS,
  });
  const context = { invoiceId: "0d6f3c1e-1111-4000-8000-000000000001", receiverEmail: "ana@example.com" };
  const issued = await issuer.issue(document, context);
  await issuer.issue(
    {
      ...document,
      receiver: generalPublic("64000"),
      global: { periodicity: "04", months: "11", year: 2026 },
      lines: [{ ...document.lines[0], description: "Venta" } as CfdiDocument["lines"][number]],
    },
    { invoiceId: "0d6f3c1e-1111-4000-8000-000000000002", receiverEmail: "" },
  );
  fake.receiverMustAccept = true;
  await issuer.cancel(issued.providerRef);
  await issuer.cancellationStatus(issued.providerRef);
});
afterAll(async () => fake.close());

describe("Facturapi's published contract", () => {
  it("the issuer made every call it has", () => {
    const calls = fake.requests.map((request) => `${request.method} ${request.path.replace(/inv_\w+/, "{id}")}`);
    expect([...new Set(calls)].sort()).toEqual([
      "DELETE /v2/invoices/{id}",
      "GET /v2/invoices/{id}",
      "GET /v2/invoices/{id}/pdf",
      "GET /v2/invoices/{id}/xml",
      "POST /v2/invoices",
    ]);
  });

  it("a global invoice names its period in Facturapi's `global` object, to the general public", () => {
    const global = fake.requests
      .filter((request) => request.method === "POST")
      .map((request) => JSON.parse(request.body))
      .find((body) => body.global);
    expect(global).toMatchObject({
      global: { periodicity: "month", months: "11", year: 2026 },
      use: "S01",
      customer: { tax_id: "XAXX010101000", legal_name: "PUBLICO EN GENERAL", tax_system: "616" },
      items: [{ product: { product_key: "01010101", unit_key: "ACT" } }],
    });
    expect(global.customer.email).toBeUndefined();
  });

  it("every request is an operation of the document: path, method, security, query and body fields", () => {
    expect(fake.requests.flatMap((request) => checkRequest(spec, request))).toEqual([]);
  });

  it("every answer of the fake is a documented response of its operation", () => {
    expect(fake.requests.flatMap((request) => checkAnswer(spec, request))).toEqual([]);
  });
});
