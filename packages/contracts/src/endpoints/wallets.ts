import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** Wallet payments (docs/product/money.md "Wallets", docs/decisions/0284). */

const wallet = () => import("../schemas/wallet.ts");

export const createWalletPayment = defineEndpoint({
  method: "POST",
  path: "/user/payment/wallet",
  auth: "user",
  status: 201,
  errors: ["invalid_payment_method", "no_payment_method"],
  tag: "payments",
  summary: "A one-off payment method from an Apple Pay or Google Pay token (a replayed token is refused)",
  schemas: schemasOf(wallet, (s) => ({ body: s.walletPaymentBody, response: s.walletPaymentMethod })),
});
