import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAnswer, checkRequest, loadSpec } from "../../../test/support/contract/openapi-check.ts";
import { type ConektaFake, startConektaFake } from "../../../test/support/fakes/conekta-server.ts";
import { FAKE_PROVIDER_TIMEOUT_MS } from "../../../test/support/fakes/fake-http.ts";
import { createConektaGateway } from "./conekta.ts";
import type { PaymentGateway, SavedCard } from "./gateway.ts";

/**
 * Every request the Conekta adapter sends, and every answer our fake gives it, held to Conekta's own
 * OpenAPI description (conekta/openapi 82ce68e7, kept in test/support/fixtures/providers; decision 0207).
 */
const spec = loadSpec("conekta");
const holder = { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "+528112345678" };
let fake: ConektaFake;
let gateway: PaymentGateway;
let card: SavedCard;
let debitCard: SavedCard;

beforeAll(async () => {
  fake = await startConektaFake();
  gateway = createConektaGateway({
    apiBase: fake.url,
    privateKey: "key_private_test",
    publicKey: "key_public_test",
    timeoutMs: FAKE_PROVIDER_TIMEOUT_MS,
  });
  // Every call the adapter makes, in the shapes the ledger uses.
  card = await gateway.saveCard({ token: "tok_1", customerRef: null, holder });
  debitCard = await gateway.saveCard({ token: "tok_debit", customerRef: card.customerRef, holder });
  const charge = (reference: string) => ({
    reference,
    amount: 1000,
    currency: "mxn" as const,
    customerRef: card.customerRef,
    cardRef: card.cardRef,
    description: "Estacionamiento · ABC123",
    returnUrl: "https://app.test/3ds?payment=x",
  });
  const paid = await gateway.charge(charge("pay_1"));
  await gateway.charge({
    ...charge("pay_check"),
    storedCredential: { initiatedBy: "customer", first: true, initialChargeRef: null },
  });
  await gateway.charge({
    ...charge("pay_renewal"),
    storedCredential: { initiatedBy: "merchant", first: false, initialChargeRef: paid.providerRef },
  });
  for (const behaviour of ["declined", "insufficient_funds", "three_ds"] as const) {
    fake.behaviour.order = behaviour;
    await gateway.charge(charge(`pay_${behaviour}`));
  }
  fake.behaviour.order = "paid";
  await gateway.findCharge("pay_1", paid.providerRef);
  await gateway.findCharge("pay_1", null, new Date().toISOString());
  await gateway.findCharge("pay_unknown", "ord_unknown");
  const refund = { reference: "ref_1", providerChargeRef: paid.providerRef ?? "", amount: 500 };
  await gateway.refund({ ...refund, currency: "mxn", reason: "x" });
  await gateway.findRefund({ ...refund, refundedBefore: 0 });
  await gateway.deleteCard({ customerRef: card.customerRef, cardRef: card.cardRef });
});
afterAll(async () => fake.close());

describe("Conekta's published contract", () => {
  it("a saved card keeps the funding its payment source's card_type says (c_FormaPago 04 or 28)", () => {
    expect(card.funding).toBe("credit");
    expect(debitCard.funding).toBe("debit");
  });

  it("the adapter made every call it has", () => {
    const calls = new Set(
      fake.requests.map((request) => `${request.method} ${request.path.replace(/\/(cus|src|ord)_\w+/g, "/{id}")}`),
    );
    expect([...calls].sort()).toEqual([
      "DELETE /customers/{id}/payment_sources/{id}",
      "GET /orders",
      "GET /orders/{id}",
      "POST /customers",
      "POST /customers/{id}/payment_sources",
      "POST /orders",
      "POST /orders/{id}/refunds",
    ]);
  });

  it("every request is an operation of the description: path, method, security, Accept, query and body fields", () => {
    const problems = fake.requests.flatMap((request) => checkRequest(spec, request));
    expect(problems).toEqual([]);
  });

  it("asks for the version the description's responses declare", () => {
    for (const request of fake.requests) expect(request.headers.accept).toBe("application/vnd.conekta-v2.3.0+json");
  });

  it("every answer of the fake is a documented response of its operation", () => {
    const problems = fake.requests.flatMap((request) => checkAnswer(spec, request));
    expect(problems).toEqual([]);
  });

  it("the check fails an answer that lacks what Conekta's response requires", () => {
    const order = fake.requests.find((request) => request.method === "POST" && request.answer?.status === 200);
    if (!order?.answer) throw new Error("no order answered");
    const { id: _id, ...withoutId } = JSON.parse(order.answer.body);
    const answer = { ...order.answer, body: JSON.stringify(withoutId) };
    expect(checkAnswer(spec, { ...order, answer }).join()).toMatch(/body\.id: required/);
  });

  it("names an order with a description too short or too long within the item's 3 to 249 characters", async () => {
    const before = fake.requests.length;
    const base = { amount: 1000, currency: "mxn" as const, customerRef: "cus_1", cardRef: "src_1" };
    await gateway.charge({ ...base, reference: "pay_short", description: "P" });
    await gateway.charge({ ...base, reference: "pay_long", description: "P".repeat(250) });
    const sent = fake.requests.slice(before);
    expect(sent.flatMap((request) => checkRequest(spec, request))).toEqual([]);
  });

  it("the check fails a request with a field Conekta does not define, or an amount of the wrong type", () => {
    const order = fake.requests.find((request) => request.method === "POST" && request.path === "/orders");
    if (!order) throw new Error("no order sent");
    const body = JSON.parse(order.body);
    const forged = (changes: Record<string, unknown>) => ({ ...order, body: JSON.stringify({ ...body, ...changes }) });
    expect(checkRequest(spec, forged({ surprise: 1 }))).toEqual([
      "POST /orders body.surprise: a field the provider does not define",
    ]);
    expect(checkRequest(spec, forged({ three_ds_mode: "always" })).join()).toMatch(/three_ds_mode.*not one of/);
    const fractional = { ...body, line_items: [{ ...body.line_items[0], unit_price: "10.00" }] };
    expect(checkRequest(spec, { ...order, body: JSON.stringify(fractional) }).join()).toMatch(
      /unit_price.*not integer/,
    );
    expect(checkRequest(spec, { ...order, method: "PATCH" })).toEqual([
      "PATCH /orders: no such operation in conekta's description",
    ]);
  });
});
