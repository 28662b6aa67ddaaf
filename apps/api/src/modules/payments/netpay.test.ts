import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FAKE_PROVIDER_TIMEOUT_MS } from "../../../test/support/fakes/fake-http.ts";
import { type NetpayFake, startNetpayFake } from "../../../test/support/fakes/netpay-server.ts";
import { GatewayDeclinedError, GatewayUnavailableError, type PaymentGateway } from "./gateway.ts";
import {
  createNetpayGateway,
  NETPAY_PRODUCTION_API_BASE,
  NETPAY_PRODUCTION_SCRIPT_URL,
  NETPAY_SANDBOX_SCRIPT_URL,
  netpayDeclineReason,
} from "./netpay.ts";

const holder = { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "+528112345678" };

let fake: NetpayFake;
let gateway: PaymentGateway;

beforeEach(async () => {
  fake = await startNetpayFake();
  gateway = createNetpayGateway({
    apiBase: fake.apiBase,
    refundApiBase: fake.refundApiBase,
    secretKey: "sk_netpay_test",
    publicKey: "pk_netpay_test",
    timeoutMs: FAKE_PROVIDER_TIMEOUT_MS,
  });
});

afterEach(async () => {
  await fake.close();
});

function charge(reference: string, amount = 1000) {
  return {
    reference,
    amount,
    currency: "mxn" as const,
    customerRef: "client-1",
    cardRef: "token_card",
    description: "Verificación",
  };
}

describe("NetPay adapter", () => {
  it("gives NetpayJS the public key, with the sandbox or production script", () => {
    const sandbox = createNetpayGateway({ secretKey: "sk", publicKey: "pk_netpay_test" });
    const production = createNetpayGateway({ apiBase: NETPAY_PRODUCTION_API_BASE, secretKey: "sk", publicKey: "pk" });
    expect(sandbox.cardFormConfig()).toEqual({
      provider: "netpay",
      publicKey: "pk_netpay_test",
      scriptUrl: NETPAY_SANDBOX_SCRIPT_URL,
      frameUrl: null,
    });
    expect(production.cardFormConfig().scriptUrl).toBe(NETPAY_PRODUCTION_SCRIPT_URL);
  });

  it("sends the secret key raw in Authorization, without Bearer", async () => {
    await gateway.charge(charge("pay_auth"));
    expect(fake.requests[0]?.headers.authorization).toBe("sk_netpay_test");
  });

  it("creates the client with the first card once, then assigns later cards to it", async () => {
    const first = await gateway.saveCard({ token: "token_a", customerRef: null, holder });
    const second = await gateway.saveCard({ token: "token_b", customerRef: first.customerRef, holder });

    expect([...fake.clients.keys()]).toEqual([first.customerRef]);
    expect(fake.clients.get(first.customerRef)).toEqual(["token_a", "token_b"]);
    expect(second).toMatchObject({ customerRef: first.customerRef, cardRef: "token_b" });
    expect(first).toEqual({
      customerRef: "client-1",
      cardRef: "token_a",
      brand: "visa",
      last4: "3532",
      expMonth: 11,
      expYear: 2028,
      holderName: "Ana Pérez",
    });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /gateway-ecommerce/v3/clients",
      "PUT /gateway-ecommerce/v3/clients/client-1/token",
    ]);
    expect(JSON.parse(fake.requests[0]?.body ?? "")).toEqual({
      firstName: "Ana",
      lastName: "Pérez",
      email: "ana@example.com",
      phone: "+528112345678",
      paymentSource: { source: "token_a", type: "card" },
    });
    expect(JSON.parse(fake.requests[1]?.body ?? "")).toEqual({ token: "token_b", preAuth: false });
  });

  it("refuses a token NetPay does not know as invalid_token", async () => {
    fake.behaviour.token = "unknown";
    const saving = gateway.saveCard({ token: "token_gone", customerRef: null, holder });
    await expect(saving).rejects.toBeInstanceOf(GatewayDeclinedError);
    await expect(saving).rejects.toMatchObject({ reason: "invalid_token" });
  });

  it("charges pesos as an exact decimal literal with our reference as merchantReferenceCode", async () => {
    const outcome = await gateway.charge(charge("pay_1", 123456));
    expect(outcome).toEqual({ status: "succeeded", providerRef: fake.transactions[0]?.transactionTokenId });
    const body = fake.requests[0]?.body ?? "";
    expect(body).toContain('"amount":1234.56');
    expect(JSON.parse(body)).toMatchObject({
      source: "token_card",
      paymentMethod: "card",
      currency: "MXN",
      billing: { merchantReferenceCode: "pay_1" },
    });
  });

  it.each([
    [1000, "10.00"],
    [1, "0.01"],
  ])("writes %i centavos as %s", async (centavos, literal) => {
    await gateway.charge(charge("pay_amount", centavos));
    expect(fake.transactions[0]?.amountLiteral).toBe(literal);
  });

  it.each([
    ["failed_funds", "insufficient_funds"],
    ["failed_expired", "card_expired"],
    ["refused_402", "card_expired"],
  ] as const)("answers %s as a declined outcome (%s)", async (behaviour, reason) => {
    fake.behaviour.charge = behaviour;
    const outcome = await gateway.charge(charge("pay_2"));
    expect(outcome).toMatchObject({ status: "declined", reason });
  });

  it("asks for 3-D Secure with NetPay's returnUrl", async () => {
    fake.behaviour.charge = "three_ds";
    const outcome = await gateway.charge({ ...charge("pay_3ds"), returnUrl: "https://app.test/3ds" });
    const tokenId = fake.transactions[0]?.transactionTokenId ?? "";
    expect(outcome).toEqual({
      status: "requires_action",
      providerRef: tokenId,
      redirectUrl: `https://gateway-154.netpaydev.com/gateway-ecommerce/v1/three-d-secure/paymenth-auth-enroll/${tokenId}`,
    });
    expect(JSON.parse(fake.requests[0]?.body ?? "")).toMatchObject({ redirect3dsUri: "https://app.test/3ds" });
  });

  it("treats a 5xx as an unknown outcome", async () => {
    fake.behaviour.charge = "server_error";
    await expect(gateway.charge(charge("pay_5xx"))).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it("after a timeout keeps the outcome unknown (never 'not seen') until the transaction token is known", async () => {
    fake.behaviour.charge = "charge_then_hang";
    await expect(gateway.charge(charge("pay_lost"))).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(fake.transactions).toHaveLength(1);

    await expect(gateway.findCharge("pay_lost")).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(fake.transactions).toHaveLength(1);

    const providerRef = fake.transactions[0]?.transactionTokenId ?? "";
    await expect(gateway.findCharge("pay_lost", providerRef)).resolves.toEqual({ status: "succeeded", providerRef });
    expect(fake.transactions).toHaveLength(1);
  });

  it("reads a finished 3-D Secure charge, and a failed one, by its transaction token", async () => {
    fake.behaviour.charge = "failed_funds";
    await gateway.charge(charge("pay_f"));
    const failedRef = fake.transactions[0]?.transactionTokenId ?? "";
    await expect(gateway.findCharge("pay_f", failedRef)).resolves.toMatchObject({ status: "declined" });
    await expect(gateway.findCharge("pay_x", "no-such-token")).resolves.toBeNull();
  });

  it("keeps a charge still in 3-D Secure review unknown", async () => {
    fake.behaviour.charge = "three_ds";
    const outcome = await gateway.charge({ ...charge("pay_review"), returnUrl: "https://app.test/3ds" });
    const providerRef = outcome.status === "requires_action" ? outcome.providerRef : "";
    await expect(gateway.findCharge("pay_review", providerRef)).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it("confirms a charge that passed 3-D Secure (WAIT_THREEDS / CHARGEABLE) once, then reads it", async () => {
    fake.behaviour.charge = "three_ds";
    const outcome = await gateway.charge({ ...charge("pay_confirm"), returnUrl: "https://app.test/3ds" });
    const providerRef = outcome.status === "requires_action" ? outcome.providerRef : "";
    const transaction = fake.transactions[0];
    if (!transaction) throw new Error("no transaction");
    transaction.status = "WAIT_THREEDS"; // the driver passed the challenge
    await expect(gateway.findCharge("pay_confirm", providerRef)).resolves.toEqual({ status: "succeeded", providerRef });
    const confirm = fake.requests.find((request) => request.path.endsWith("/confirm"));
    expect(confirm).toMatchObject({
      method: "POST",
      path: `/gateway-ecommerce/v3/charges/${providerRef}/confirm`,
      body: "",
    });
    expect(confirm?.headers.authorization).toBe("sk_netpay_test");
    // Read again (the driver reloads the return page): DONE is not confirmed a second time.
    await expect(gateway.findCharge("pay_confirm", providerRef)).resolves.toMatchObject({ status: "succeeded" });
    expect(transaction.confirmed).toBe(1);
  });

  it("answers a charge the issuer rejects at confirm time as declined", async () => {
    fake.behaviour.charge = "three_ds";
    const outcome = await gateway.charge({ ...charge("pay_reject"), returnUrl: "https://app.test/3ds" });
    const providerRef = outcome.status === "requires_action" ? outcome.providerRef : "";
    const transaction = fake.transactions[0];
    if (!transaction) throw new Error("no transaction");
    transaction.status = "CHARGEABLE";
    transaction.declineOnConfirm = true;
    await expect(gateway.findCharge("pay_reject", providerRef)).resolves.toMatchObject({ status: "declined" });
  });

  it("sends only the charge fields NetPay's own library sends", async () => {
    await gateway.charge({ ...charge("pay_fields"), returnUrl: "https://app.test/3ds" });
    expect(Object.keys(fake.transactions[0]?.request ?? {}).sort()).toEqual(
      ["amount", "billing", "currency", "description", "paymentMethod", "redirect3dsUri", "source"].sort(),
    );
  });

  it("refunds through Reports REST with X-Netpay-Apikey after resolving the transactionId", async () => {
    const charged = await gateway.charge(charge("pay_r"));
    const providerChargeRef = charged.status === "succeeded" ? charged.providerRef : "";
    const outcome = await gateway.refund({
      reference: "ref_1",
      providerChargeRef,
      amount: 1000,
      currency: "mxn",
      reason: "x",
    });

    expect(outcome.status).toBe("succeeded");
    expect(fake.transactions[0]?.refunds).toEqual(["10.00"]);
    const refundCall = fake.requests.at(-1);
    expect(refundCall?.method).toBe("PUT");
    expect(refundCall?.path).toBe(`/reports-sandbox/v2/transactions/${fake.transactions[0]?.transactionId}/refund`);
    expect(refundCall?.headers["x-netpay-apikey"]).toBe("sk_netpay_test");
    expect(refundCall?.headers.authorization).toBeUndefined();
  });

  it("reports a refund of an unknown charge as failed", async () => {
    const refund = {
      reference: "ref_2",
      providerChargeRef: "nope",
      amount: 1000,
      currency: "mxn" as const,
      reason: "x",
    };
    await expect(gateway.refund(refund)).resolves.toMatchObject({ status: "failed" });
  });

  it("deletes a card by its token", async () => {
    const card = await gateway.saveCard({ token: "token_del", customerRef: null, holder });
    await gateway.deleteCard({ customerRef: card.customerRef, cardRef: card.cardRef });
    expect(fake.clients.get(card.customerRef)).toEqual([]);
  });

  it("maps NetPay's failure texts to decline reasons", () => {
    expect(netpayDeclineReason("Fondos insuficientes")).toBe("insufficient_funds");
    expect(netpayDeclineReason("Tarjeta vencida")).toBe("card_expired");
    expect(netpayDeclineReason("CVV incorrecto")).toBe("cvc_invalid");
    expect(netpayDeclineReason("Rechazada por el banco")).toBe("card_declined");
  });

  it("cannot look a refund up by our reference: the refund stays pending, never guessed", async () => {
    await expect(
      gateway.findRefund({ reference: "ref_1", providerChargeRef: "tok", amount: 100, refundedBefore: 0 }),
    ).rejects.toBeInstanceOf(GatewayUnavailableError);
  });
});
