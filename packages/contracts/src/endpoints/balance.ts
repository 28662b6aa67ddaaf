import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** The prepaid balance (saldo; docs/decisions/0210): read, topped up by card, paid out on request. */

const balance = () => import("../schemas/balance.ts");
const tag = "balance";

export const listBalances = defineEndpoint({
  method: "GET",
  path: "/user/balances",
  auth: "user",
  tag,
  summary: "The driver's balances, each with its latest movements; with location_uuid, the one that pays there",
  schemas: schemasOf(balance, (s) => ({ query: s.balanceQuery, response: s.balanceList })),
});

export const topUpBalance = defineEndpoint({
  method: "POST",
  path: "/user/balance/top-up",
  auth: "user",
  idempotent: true,
  errors: ["invalid_payment", "no_payment_method", "invalid_data", "location_not_available", "card_expired"],
  tag,
  summary: "Top up the balance of a location's organisation by card, up to the cap",
  schemas: schemasOf(balance, (s) => ({ body: s.topUpBody, response: s.topUpAnswer })),
});

export const topUpBalanceByReference = defineEndpoint({
  method: "POST",
  path: "/user/balance/top-up/reference",
  auth: "user",
  idempotent: true,
  errors: [
    "invalid_payment",
    "invalid_payment_method",
    "invalid_data",
    "location_not_available",
    "action_not_available",
  ],
  tag,
  summary:
    "Top up the balance of a location's organisation by cash at OXXO or a SPEI transfer: answers the reference to pay",
  schemas: schemasOf(balance, (s) => ({ body: s.referenceTopUpBody, response: s.referenceTopUpAnswer })),
});

export const payOutBalance = defineEndpoint({
  method: "POST",
  path: "/user/balance/:uuid/payout",
  auth: "user",
  idempotent: true,
  errors: ["invalid_refund", "object_not_found"],
  tag,
  summary: "Refund what is left of a balance to the cards it was topped up with",
  schemas: schemasOf(balance, (s) => ({ params: s.balanceParams, response: s.balance })),
});
