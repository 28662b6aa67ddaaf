import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ConektaFake, startConektaFake } from "../../../test/support/fakes/conekta-server.ts";
import { FAKE_PROVIDER_TIMEOUT_MS } from "../../../test/support/fakes/fake-http.ts";
import { conektaFunding } from "./card-funding.ts";
import { CONEKTA_SCRIPT_URL, conektaDeclineReason, createConektaGateway } from "./conekta.ts";
import { GatewayDeclinedError, GatewayUnavailableError, type PaymentGateway } from "./gateway.ts";

const holder = { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "+528112345678" };

let fake: ConektaFake;
let gateway: PaymentGateway;

beforeEach(async () => {
  fake = await startConektaFake();
  gateway = createConektaGateway({
    apiBase: fake.url,
    privateKey: "key_private_test",
    publicKey: "key_public_test",
    timeoutMs: FAKE_PROVIDER_TIMEOUT_MS,
  });
});

afterEach(async () => {
  await fake.close();
});

function chargeRequest(reference: string, amount = 1000) {
  return {
    reference,
    amount,
    currency: "mxn" as const,
    customerRef: "cus_1",
    cardRef: "src_1",
    description: "Verificación de tarjeta",
  };
}

describe("Conekta adapter", () => {
  it.each([
    ["credit", "credit"],
    ["DEBIT", "debit"],
    ["prepaid", "debit"],
    ["", null],
    [undefined, null],
  ] as const)("reads card_type %o as funding %o", (cardType, funding) => {
    expect(conektaFunding(cardType)).toBe(funding);
  });

  it("gives the card component its public key and script", () => {
    expect(gateway.cardFormConfig()).toEqual({
      provider: "conekta",
      publicKey: "key_public_test",
      scriptUrl: CONEKTA_SCRIPT_URL,
      frameUrl: null,
    });
  });

  it("sends the private key as a Bearer token with the Accept version Conekta's spec publishes", async () => {
    await gateway.saveCard({ token: "tok_accept", customerRef: null, holder });
    const sent = fake.requests[0];
    expect(sent?.headers.authorization).toBe("Bearer key_private_test");
    expect(sent?.headers.accept).toBe("application/vnd.conekta-v2.3.0+json");
  });

  it("asks Conekta for no checkout request: its Tokenizer needs only the public key", async () => {
    await expect(gateway.createCheckoutRequest?.()).resolves.toBe("");
    expect(fake.requests).toHaveLength(0);
  });

  it("creates the customer once, then attaches each card to it", async () => {
    const first = await gateway.saveCard({ token: "tok_1", customerRef: null, holder });
    const second = await gateway.saveCard({ token: "tok_2", customerRef: first.customerRef, holder });

    expect(fake.customers).toEqual([first.customerRef]);
    expect(second.customerRef).toBe(first.customerRef);
    expect(second.cardRef).not.toBe(first.cardRef);
    expect(first).toMatchObject({ brand: "visa", last4: "4242", expMonth: 12, expYear: 2029, holderName: "Ana Pérez" });
    const paths = fake.requests.map((request) => `${request.method} ${request.path}`);
    expect(paths).toEqual([
      "POST /customers",
      `POST /customers/${first.customerRef}/payment_sources`,
      `POST /customers/${first.customerRef}/payment_sources`,
    ]);
    expect(JSON.parse(fake.requests[0]?.body ?? "")).toEqual({
      name: "Ana Pérez",
      email: "ana@example.com",
      phone: "+528112345678",
    });
    expect(JSON.parse(fake.requests[1]?.body ?? "")).toEqual({ type: "card", token_id: "tok_1" });
  });

  it("refuses a token Conekta does not know as invalid_token", async () => {
    fake.behaviour.paymentSource = "nonexistent_token";
    const saving = gateway.saveCard({ token: "tok_gone", customerRef: "cus_1", holder });
    await expect(saving).rejects.toBeInstanceOf(GatewayDeclinedError);
    await expect(saving).rejects.toMatchObject({ reason: "invalid_token" });
  });

  it("charges a saved card with our reference in the order metadata and the exact centavos", async () => {
    const outcome = await gateway.charge({ ...chargeRequest("pay_1", 123456) });
    expect(outcome).toEqual({ status: "succeeded", providerRef: fake.orders[0]?.id, refundedAmount: 0 });
    const body = JSON.parse(fake.requests[0]?.body ?? "");
    expect(body).toMatchObject({
      currency: "MXN",
      customer_info: { customer_id: "cus_1" },
      line_items: [{ unit_price: 123456, quantity: 1 }],
      charges: [{ payment_method: { type: "card", payment_source_id: "src_1" } }],
      metadata: { payment_reference: "pay_1" },
    });
    // conekta/openapi defines no Idempotency-Key header: none is sent (decision 0205).
    expect(fake.requests[0]?.headers["idempotency-key"]).toBeUndefined();
  });

  it.each([
    ["declined", "card_declined"],
    ["insufficient_funds", "insufficient_funds"],
    ["expired_card", "card_expired"],
  ] as const)("answers a 402 %s as a declined outcome (%s), not an exception", async (behaviour, reason) => {
    fake.behaviour.order = behaviour;
    const outcome = await gateway.charge(chargeRequest("pay_2"));
    expect(outcome).toMatchObject({ status: "declined", reason, providerRef: null });
  });

  it("asks for 3-D Secure with the order's redirect URL", async () => {
    fake.behaviour.order = "three_ds";
    const outcome = await gateway.charge({ ...chargeRequest("pay_3ds"), returnUrl: "https://app.test/3ds" });
    const orderId = fake.orders[0]?.id ?? "";
    expect(outcome).toEqual({
      status: "requires_action",
      providerRef: orderId,
      redirectUrl: `https://pay.conekta.com/${orderId}`,
    });
    expect(JSON.parse(fake.requests[0]?.body ?? "")).toMatchObject({
      three_ds_mode: "smart",
      return_url: "https://app.test/3ds",
    });
  });

  it("marks a charge we start as recurrent and asks no 3-D Secure nobody could answer (0206)", async () => {
    const storedCredential = { initiatedBy: "merchant" as const, first: false, initialChargeRef: "ord_check" };
    await gateway.charge({ ...chargeRequest("pay_renewal"), returnUrl: "https://app.test/3ds", storedCredential });
    const body = JSON.parse(fake.requests[0]?.body ?? "");
    expect(body.processing_mode).toBe("recurrent");
    expect(body.three_ds_mode).toBeUndefined();
    expect(body.return_url).toBeUndefined();
  });

  it("treats a 5xx as an unknown outcome", async () => {
    fake.behaviour.order = "server_error";
    await expect(gateway.charge(chargeRequest("pay_5xx"))).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it("treats an unreadable answer as an unknown outcome", async () => {
    fake.behaviour.order = "not_json";
    await expect(gateway.charge(chargeRequest("pay_html"))).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it("treats a refused connection as an unknown outcome", async () => {
    await fake.close();
    await expect(gateway.charge(chargeRequest("pay_down"))).rejects.toBeInstanceOf(GatewayUnavailableError);
    fake = await startConektaFake();
  });

  it("finds the order by our metadata in the attempt's window of the documented list after a timeout", async () => {
    fake.behaviour.order = "charge_then_hang";
    const since = new Date().toISOString();
    await expect(gateway.charge(chargeRequest("pay_lost"))).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(fake.orders).toHaveLength(1);

    const found = await gateway.findCharge("pay_lost", null, since);

    expect(found).toEqual({ status: "succeeded", providerRef: fake.orders[0]?.id, refundedAmount: 0 });
    expect(fake.orders).toHaveLength(1);
    const lookup = fake.requests.at(-1);
    expect(lookup?.method).toBe("GET");
    expect(lookup?.query.get("search")).toBeNull();
    const started = Math.floor(Date.parse(since) / 1000);
    expect(lookup?.query.get("created_at.gte")).toBe(String(started - 60));
    expect(lookup?.query.get("created_at.lte")).toBe(String(started + 300));
    expect(lookup?.query.get("limit")).toBe("250");
  });

  it("pages the window with the next cursor until it finds the order, and reads the whole window before null", async () => {
    const now = Math.floor(Date.now() / 1000);
    for (let index = 0; index < 600; index++)
      fake.orders.push({
        id: `ord_other${index}`,
        created_at: now,
        amount: 1000,
        currency: "MXN",
        metadata: { payment_reference: `someone_else_${index}` },
        payment_status: "paid",
        customerId: "cus_x",
        paymentSourceId: "src_x",
        refunds: [],
      });
    const charged = await gateway.charge(chargeRequest("pay_page_3"));
    const since = new Date().toISOString();
    const before = fake.requests.length;

    const found = await gateway.findCharge("pay_page_3", null, since);

    expect(found).toMatchObject({ status: "succeeded", providerRef: charged.providerRef });
    const pages = fake.requests.slice(before);
    expect(pages.map((page) => page.query.get("next"))).toEqual([null, "ord_other249", "ord_other499"]);
    await expect(gateway.findCharge("pay_nowhere", null, since)).resolves.toBeNull();
    // An order outside the window is not ours to find: an old attempt is asked about its own window.
    await expect(gateway.findCharge("pay_page_3", null, "2020-01-01T00:00:00.000Z")).resolves.toBeNull();
  });

  it("keeps the order id of a payment still pending, so the ledger records it and asks by it", async () => {
    fake.behaviour.order = "three_ds";
    const outcome = await gateway.charge({ ...chargeRequest("pay_pending"), returnUrl: "https://app.test/3ds" });
    const order = fake.orders[0];
    if (order) order.payment_status = "pending_payment";
    // Without a redirect the pending order is an unknown outcome that names the order.
    const lookup = gateway.findCharge("pay_pending", outcome.providerRef);
    await expect(lookup).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(lookup).rejects.toMatchObject({ providerRef: order?.id });
  });

  it("answers null for a reference Conekta never saw", async () => {
    await expect(gateway.findCharge("pay_never", null, new Date().toISOString())).resolves.toBeNull();
  });

  it("reads the order directly when the provider reference is known", async () => {
    const charged = await gateway.charge(chargeRequest("pay_known"));
    const providerRef = charged.status === "succeeded" ? charged.providerRef : "";
    await expect(gateway.findCharge("pay_known", providerRef)).resolves.toEqual({
      status: "succeeded",
      providerRef,
      refundedAmount: 0,
    });
    expect(fake.requests.at(-1)?.path).toBe(`/orders/${providerRef}`);
  });

  it("refunds an order in centavos and returns the refund id", async () => {
    const charged = await gateway.charge(chargeRequest("pay_refund"));
    const providerChargeRef = charged.status === "succeeded" ? charged.providerRef : "";
    const outcome = await gateway.refund({
      reference: "ref_1",
      providerChargeRef,
      amount: 1000,
      currency: "mxn",
      reason: "card_verification",
    });
    expect(outcome).toEqual({ status: "succeeded", providerRef: fake.orders[0]?.refunds[0]?.id });
    expect(JSON.parse(fake.requests.at(-1)?.body ?? "")).toMatchObject({ amount: 1000 });
  });

  it("reports a refund Conekta refuses as failed, and a 5xx as unknown", async () => {
    const charged = await gateway.charge(chargeRequest("pay_refund_2"));
    const providerChargeRef = charged.status === "succeeded" ? charged.providerRef : "";
    const refund = { reference: "ref_2", providerChargeRef, amount: 1000, currency: "mxn" as const, reason: "x" };
    fake.behaviour.refund = "not_refundable";
    await expect(gateway.refund(refund)).resolves.toMatchObject({ status: "failed", providerRef: null });
    fake.behaviour.refund = "server_error";
    await expect(gateway.refund(refund)).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it("finds a lost refund by the order's refunded total: made, never made, or cannot tell", async () => {
    const charged = await gateway.charge(chargeRequest("pay_lost_refund", 5000));
    const providerChargeRef = charged.status === "succeeded" ? charged.providerRef : "";
    const lookup = { reference: "ref_lost", providerChargeRef, amount: 1500, refundedBefore: 0 };
    await expect(gateway.findRefund(lookup)).resolves.toBeNull();
    await gateway.refund({ ...lookup, currency: "mxn", reason: "x" });
    await expect(gateway.findRefund(lookup)).resolves.toEqual({
      status: "succeeded",
      providerRef: fake.orders[0]?.refunds[0]?.id,
    });
    // A total the ledger cannot explain (a refund made in Conekta's dashboard): nothing is guessed.
    await expect(gateway.findRefund({ ...lookup, amount: 700 })).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it("deletes a payment source of the customer", async () => {
    await gateway.deleteCard({ customerRef: "cus_1", cardRef: "src_9" });
    expect(fake.requests[0]).toMatchObject({ method: "DELETE", path: "/customers/cus_1/payment_sources/src_9" });
  });

  it("maps Conekta's error codes to our decline reasons", () => {
    expect(conektaDeclineReason("conekta.errors.processing.bank.insufficient_funds", "card_declined")).toBe(
      "insufficient_funds",
    );
    expect(conektaDeclineReason("conekta.errors.parameter_validation.card.cvc", "card_declined")).toBe("cvc_invalid");
    expect(conektaDeclineReason("conekta.errors.processing.tokenization.used", "card_declined")).toBe("invalid_token");
    expect(conektaDeclineReason("conekta.errors.unheard_of", "card_declined")).toBe("card_declined");
  });
});
