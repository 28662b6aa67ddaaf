import { describe, expect, it } from "vitest";
import type { FetchImpl } from "../adapter-http.ts";
import { createConektaGateway } from "../conekta.ts";
import type { ReferenceRequest } from "../gateway.ts";

/**
 * Conekta's cash and SPEI orders (docs/decisions/0280) against the shapes of conekta/openapi 82ce68e7:
 * the request's `payment_method_cash_request` / `payment_method_spei_request`, the answer's
 * `payment_method_cash` / `payment_method_bank_transfer`, and the order's `payment_status` read back.
 */
const EXPIRES = 1_795_000_000;

const orderOf = (rail: "oxxo" | "spei", paymentStatus: string) => ({
  id: "ord_2xyz",
  object: "order",
  payment_status: paymentStatus,
  amount: 15_000,
  metadata: { payment_reference: "pay-1" },
  charges: {
    data: [
      {
        id: "ch_1",
        status: paymentStatus,
        payment_method:
          rail === "oxxo"
            ? {
                object: "cash_payment",
                type: "oxxo",
                reference: "93000262276908",
                barcode_url: "https://barcodes.conekta.com/93000262276908.png",
                expires_at: EXPIRES,
              }
            : {
                object: "bank_transfer_payment",
                type: "spei",
                clabe: "646180111812345678",
                bank: "STP",
                expires_at: EXPIRES,
              },
      },
    ],
  },
});

function gatewayAnswering(answer: (method: string, path: string) => unknown) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const fetchImpl: FetchImpl = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    sent.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(answer(method, url.pathname)), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  };
  const gateway = createConektaGateway({
    apiBase: "https://conekta.test",
    privateKey: "key_x",
    publicKey: "key_p",
    fetchImpl,
  });
  return { gateway, sent };
}

const request = (rail: "oxxo" | "spei"): ReferenceRequest => ({
  reference: "pay-1",
  rail,
  amount: 15_000,
  currency: "mxn",
  description: "Saldo · Centro",
  expiresAt: new Date(EXPIRES * 1000).toISOString(),
  payer: { name: "Ana Pérez", email: null, phone: "+528112345678" },
});

describe("Conekta cash and SPEI orders", () => {
  it("asks for a cash order with its expiry and our reference, and reads the OXXO reference and barcode", async () => {
    const { gateway, sent } = gatewayAnswering(() => orderOf("oxxo", "pending_payment"));
    const issued = await gateway.createReference?.(request("oxxo"));
    expect(sent[0]).toMatchObject({
      method: "POST",
      path: "/orders",
      body: {
        currency: "MXN",
        charges: [{ payment_method: { type: "cash", expires_at: EXPIRES } }],
        metadata: { payment_reference: "pay-1" },
        line_items: [{ unit_price: 15_000, quantity: 1 }],
        customer_info: { name: "Ana Pérez", phone: "+528112345678" },
      },
    });
    expect(issued).toEqual({
      providerRef: "ord_2xyz",
      number: "93000262276908",
      barcodeUrl: "https://barcodes.conekta.com/93000262276908.png",
      bank: null,
      expiresAt: new Date(EXPIRES * 1000).toISOString(),
    });
  });

  it("asks for a SPEI order and reads the CLABE and bank", async () => {
    const { gateway, sent } = gatewayAnswering(() => orderOf("spei", "pending_payment"));
    const issued = await gateway.createReference?.(request("spei"));
    expect(sent[0]?.body).toMatchObject({ charges: [{ payment_method: { type: "spei" } }] });
    expect(issued).toMatchObject({ number: "646180111812345678", bank: "STP", barcodeUrl: null });
  });

  it("reads an order back: awaiting until its expiry, paid, expired", async () => {
    for (const [status, outcome] of [
      ["pending_payment", { status: "requires_action", waitUntil: new Date(EXPIRES * 1000).toISOString() }],
      ["paid", { status: "succeeded", providerRef: "ord_2xyz" }],
      ["expired", { status: "declined", providerRef: "ord_2xyz" }],
    ] as const) {
      const { gateway } = gatewayAnswering(() => orderOf("oxxo", status));
      expect(await gateway.findCharge("pay-1", "ord_2xyz")).toMatchObject(outcome);
    }
  });
});
