import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FAKE_PROVIDER_TIMEOUT_MS } from "../../../test/support/fakes/fake-http.ts";
import { type NmiFake, startNmiFake } from "../../../test/support/fakes/nmi-server.ts";
import { decimalStringToMinorUnits, minorUnitsToDecimalString } from "./adapter-http.ts";
import { GatewayDeclinedError, GatewayUnavailableError, type PaymentGateway } from "./gateway.ts";
import { createNmiGateway, NMI_SCRIPT_URL, nmiDeclineReason } from "./nmi.ts";

const holder = {
  firstName: "Jane",
  lastName: "Doe",
  email: "jane@example.com",
  phone: "+15555550100",
  zipCode: "78701",
};

let fake: NmiFake;
let gateway: PaymentGateway;

beforeEach(async () => {
  fake = await startNmiFake();
  gateway = createNmiGateway({
    apiBase: fake.url,
    securityKey: "nmi_security_key",
    tokenizationKey: "nmi_public_key",
    timeoutMs: FAKE_PROVIDER_TIMEOUT_MS,
  });
});

afterEach(async () => {
  await fake.close();
});

function sale(reference: string, amount = 1000) {
  return { reference, amount, currency: "usd" as const, customerRef: "1001", cardRef: "1001", description: "Parking" };
}

function formOf(index: number): URLSearchParams {
  return new URLSearchParams(fake.requests.at(index)?.body ?? "");
}

describe("money as NMI wants it", () => {
  it.each([
    [1000, "10.00"],
    [1, "0.01"],
    [10, "0.10"],
    [0, "0.00"],
    [123456, "1234.56"],
    [9007199254740991, "90071992547409.91"],
  ])("%i cents is %s", (cents, text) => {
    expect(minorUnitsToDecimalString(cents)).toBe(text);
    expect(decimalStringToMinorUnits(text)).toBe(cents);
  });

  it("refuses fractions and negatives instead of rounding them", () => {
    expect(() => minorUnitsToDecimalString(10.5)).toThrow(RangeError);
    expect(() => minorUnitsToDecimalString(-1)).toThrow(RangeError);
  });
});

describe("NMI adapter", () => {
  it("gives Collect.js its tokenization key and script", () => {
    expect(gateway.cardFormConfig()).toEqual({
      provider: "nmi",
      publicKey: "nmi_public_key",
      scriptUrl: NMI_SCRIPT_URL,
      frameUrl: null,
    });
  });

  it("adds the Collect.js token to the Customer Vault, form-encoded with the security key", async () => {
    const card = await gateway.saveCard({ token: "SW8eBa72-jkaqt9-xyuEX2-DC8qceRbe6z6", customerRef: null, holder });

    const add = fake.requests[0];
    expect(add?.path).toBe("/api/transact.php");
    expect(add?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(formOf(0))).toEqual({
      security_key: "nmi_security_key",
      customer_vault: "add_customer",
      payment_token: "SW8eBa72-jkaqt9-xyuEX2-DC8qceRbe6z6",
      first_name: "Jane",
      last_name: "Doe",
      email: "jane@example.com",
      phone: "+15555550100",
      zip: "78701",
    });
    expect(card).toEqual({
      customerRef: card.cardRef,
      cardRef: [...fake.vault.keys()][0],
      brand: "visa",
      last4: "1111",
      expMonth: 10,
      expYear: 2029,
      holderName: "Jane Doe",
    });
  });

  it("keeps the driver's first vault record as the customer and gives a second card its own record", async () => {
    const first = await gateway.saveCard({ token: "tok_a", customerRef: null, holder });
    const second = await gateway.saveCard({ token: "tok_b", customerRef: first.customerRef, holder });
    expect(second.customerRef).toBe(first.customerRef);
    expect(second.cardRef).not.toBe(first.cardRef);
    expect(fake.vault.size).toBe(2);
  });

  it("refuses a bad payment token as invalid_token", async () => {
    fake.behaviour.vault = "invalid_token";
    const saving = gateway.saveCard({ token: "used", customerRef: null, holder });
    await expect(saving).rejects.toBeInstanceOf(GatewayDeclinedError);
    await expect(saving).rejects.toMatchObject({ reason: "invalid_token" });
  });

  it("sells on the vaulted card with decimal dollars and our reference as orderid", async () => {
    const outcome = await gateway.charge(sale("pay_1", 123456));
    expect(outcome).toEqual({ status: "succeeded", providerRef: fake.transactions[0]?.transactionId });
    expect(Object.fromEntries(formOf(0))).toEqual({
      security_key: "nmi_security_key",
      type: "sale",
      customer_vault_id: "1001",
      amount: "1234.56",
      currency: "USD",
      orderid: "pay_1",
      order_description: "Parking",
      dup_seconds: "0",
    });
  });

  it("sells a wallet's Collect.js payment_token with the same sale, no vault record and no stored credential", async () => {
    const outcome = await gateway.charge({
      ...sale("pay_wallet", 250),
      cardRef: "wallet-token-1",
      wallet: "google_pay",
    });
    expect(outcome).toEqual({ status: "succeeded", providerRef: fake.transactions[0]?.transactionId });
    expect(Object.fromEntries(formOf(0))).toEqual({
      security_key: "nmi_security_key",
      type: "sale",
      payment_token: "wallet-token-1",
      amount: "2.50",
      currency: "USD",
      orderid: "pay_wallet",
      order_description: "Parking",
      dup_seconds: "0",
    });
  });

  it("sends NMI's Credential-on-File fields: stored on the check, used after, the check named by a merchant's", async () => {
    await gateway.charge({
      ...sale("pay_check", 100),
      storedCredential: { initiatedBy: "customer", first: true, initialChargeRef: null },
    });
    const checkId = fake.transactions[0]?.transactionId ?? "";
    await gateway.charge({
      ...sale("pay_cit"),
      storedCredential: { initiatedBy: "customer", first: false, initialChargeRef: null },
    });
    await gateway.charge({
      ...sale("pay_mit"),
      storedCredential: { initiatedBy: "merchant", first: false, initialChargeRef: checkId },
    });
    const credentialOf = (index: number) => {
      const form = formOf(index);
      return [form.get("initiated_by"), form.get("stored_credential_indicator"), form.get("initial_transaction_id")];
    };
    expect(credentialOf(0)).toEqual(["customer", "stored", null]);
    expect(credentialOf(1)).toEqual(["customer", "used", null]);
    expect(credentialOf(2)).toEqual(["merchant", "used", checkId]);
  });

  it.each([
    ["decline", "card_declined"],
    ["insufficient_funds", "insufficient_funds"],
    ["expired_card", "card_expired"],
    ["cvv_mismatch", "cvc_invalid"],
  ] as const)("answers response=2 (%s) as a declined outcome (%s)", async (behaviour, reason) => {
    fake.behaviour.sale = behaviour;
    const outcome = await gateway.charge(sale("pay_2"));
    expect(outcome).toMatchObject({ status: "declined", reason, providerRef: fake.transactions[0]?.transactionId });
  });

  it("answers response=3 as a processing_error decline", async () => {
    fake.behaviour.sale = "error";
    await expect(gateway.charge(sale("pay_3"))).resolves.toMatchObject({
      status: "declined",
      reason: "processing_error",
      providerRef: null,
    });
  });

  it("treats a 5xx and an unparseable body as unknown outcomes", async () => {
    fake.behaviour.sale = "server_error";
    await expect(gateway.charge(sale("pay_5xx"))).rejects.toBeInstanceOf(GatewayUnavailableError);
    fake.behaviour.sale = "garbage";
    await expect(gateway.charge(sale("pay_html"))).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it("asks the Query API by the sale's transaction_id once it is recorded (0205)", async () => {
    const sold = await gateway.charge(sale("pay_known"));
    await expect(gateway.findCharge("pay_known", sold.providerRef)).resolves.toMatchObject({
      status: "succeeded",
      providerRef: sold.providerRef,
    });
    expect(Object.fromEntries(formOf(-1))).toEqual({
      security_key: "nmi_security_key",
      transaction_id: sold.providerRef,
    });
  });

  it("finds the sale by order_id after a timeout, without selling twice", async () => {
    fake.behaviour.sale = "charge_then_hang";
    await expect(gateway.charge(sale("pay_lost"))).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(fake.transactions).toHaveLength(1);

    const found = await gateway.findCharge("pay_lost");

    expect(found).toEqual({ status: "succeeded", providerRef: fake.transactions[0]?.transactionId });
    expect(fake.transactions).toHaveLength(1);
    expect(fake.requests.at(-1)?.path).toBe("/api/query.php");
    expect(Object.fromEntries(formOf(-1))).toEqual({ security_key: "nmi_security_key", order_id: "pay_lost" });
  });

  it("answers null when NMI has no sale for the reference, and the decline when it failed", async () => {
    await expect(gateway.findCharge("pay_never")).resolves.toBeNull();
    fake.behaviour.sale = "insufficient_funds";
    await gateway.charge(sale("pay_failed"));
    await expect(gateway.findCharge("pay_failed")).resolves.toMatchObject({
      status: "declined",
      reason: "insufficient_funds",
    });
  });

  it("refunds by transactionid with decimal dollars", async () => {
    const charged = await gateway.charge(sale("pay_r"));
    const providerChargeRef = charged.status === "succeeded" ? charged.providerRef : "";
    const outcome = await gateway.refund({
      reference: "ref_1",
      providerChargeRef,
      amount: 1,
      currency: "usd",
      reason: "x",
    });
    expect(outcome).toEqual({ status: "succeeded", providerRef: fake.transactions[1]?.transactionId });
    expect(formOf(-1).get("type")).toBe("refund");
    expect(formOf(-1).get("transactionid")).toBe(providerChargeRef);
    expect(formOf(-1).get("amount")).toBe("0.01");
  });

  it("voids a whole sale still awaiting settlement instead of refunding it, once", async () => {
    const charged = await gateway.charge(sale("pay_check", 100));
    const providerChargeRef = charged.status === "succeeded" ? charged.providerRef : "";
    const whole = { reference: "ref_v", providerChargeRef, amount: 100, currency: "usd" as const, reason: "x" };

    await expect(gateway.refund(whole)).resolves.toEqual({ status: "succeeded", providerRef: providerChargeRef });
    expect(Object.fromEntries(formOf(-2))).toEqual({
      security_key: "nmi_security_key",
      transaction_id: providerChargeRef,
    });
    expect(Object.fromEntries(formOf(-1))).toEqual({
      security_key: "nmi_security_key",
      type: "void",
      transactionid: providerChargeRef,
    });
    expect(fake.transactions).toHaveLength(1);
    expect(fake.transactions[0]?.condition).toBe("canceled");

    // A retry of the same refund finds the sale voided and sends nothing more.
    await expect(gateway.refund(whole)).resolves.toEqual({ status: "succeeded", providerRef: providerChargeRef });
    expect(formOf(-1).get("type")).toBeNull();
  });

  it("refunds a settled sale: a void is only for money not yet settled", async () => {
    const charged = await gateway.charge(sale("pay_settled", 100));
    const providerChargeRef = charged.status === "succeeded" ? charged.providerRef : "";
    for (const transaction of fake.transactions) transaction.condition = "complete";
    await gateway.refund({ reference: "ref_s", providerChargeRef, amount: 100, currency: "usd", reason: "x" });
    expect(formOf(-1).get("type")).toBe("refund");
    expect(formOf(-1).get("amount")).toBe("1.00");
  });

  it("reads the Query API with an XML parser: escaped names come back as written", async () => {
    const card = await gateway.saveCard({
      token: "tok_xml",
      customerRef: null,
      holder: { ...holder, firstName: "Zoë <Z>", lastName: "O'Brien & Co" },
    });
    expect(card.holderName).toBe("Zoë <Z> O'Brien & Co");
    expect(card).toMatchObject({ last4: "1111", expMonth: 10, expYear: 2029 });
  });

  it("finds a refund by our reference as its order_id, and answers null for one NMI never made", async () => {
    const charged = await gateway.charge(sale("pay_found"));
    const providerChargeRef = charged.status === "succeeded" ? charged.providerRef : "";
    const lookup = { reference: "ref_found", providerChargeRef, amount: 500, refundedBefore: 0 };
    await expect(gateway.findRefund(lookup)).resolves.toBeNull();
    await gateway.refund({ ...lookup, currency: "usd", reason: "x" });
    await expect(gateway.findRefund(lookup)).resolves.toEqual({
      status: "succeeded",
      providerRef: fake.transactions.at(-1)?.transactionId,
    });
    expect(formOf(-1).get("order_id")).toBe("ref_found");
  });

  it("finds a void as a made refund: the whole sale turned canceled", async () => {
    const charged = await gateway.charge(sale("pay_voided", 100));
    const providerChargeRef = charged.status === "succeeded" ? charged.providerRef : "";
    const lookup = { reference: "ref_voided", providerChargeRef, amount: 100, refundedBefore: 0 };
    await expect(gateway.findRefund(lookup)).resolves.toBeNull();
    await gateway.refund({ ...lookup, currency: "usd", reason: "x" });
    await expect(gateway.findRefund(lookup)).resolves.toEqual({ status: "succeeded", providerRef: providerChargeRef });
  });

  it("reports a refund NMI refuses as failed", async () => {
    const refund = {
      reference: "ref_2",
      providerChargeRef: "999",
      amount: 1000,
      currency: "usd" as const,
      reason: "x",
    };
    await expect(gateway.refund(refund)).resolves.toMatchObject({ status: "failed" });
  });

  it("deletes the vault record of the card", async () => {
    const card = await gateway.saveCard({ token: "tok_del", customerRef: null, holder });
    await gateway.deleteCard({ customerRef: card.customerRef, cardRef: card.cardRef });
    expect(fake.vault.has(card.cardRef)).toBe(false);
  });

  it("maps Direct Post response codes to decline reasons", () => {
    expect(nmiDeclineReason("201")).toBe("card_declined");
    expect(nmiDeclineReason("202")).toBe("insufficient_funds");
    expect(nmiDeclineReason("223")).toBe("card_expired");
    expect(nmiDeclineReason("225")).toBe("cvc_invalid");
    expect(nmiDeclineReason("300")).toBe("processing_error");
  });
});
