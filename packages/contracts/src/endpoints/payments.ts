import { CARD_SAVE_ERRORS, defineEndpoint, schemasOf } from "../endpoint.ts";

/** Saved cards and 3-D Secure (docs/product/calls-and-errors.md, docs/product/money.md). Saving a card charges (and refunds) a verification: idempotent. */

const payment = () => import("../schemas/payment.ts");
const tag = "payments";

export const getConektaCheckout = defineEndpoint({
  method: "GET",
  path: "/user/conekta/token",
  auth: "user",
  tag,
  summary: "A checkout request id for the Mexican card component",
  schemas: schemasOf(payment, (s) => ({ response: s.checkoutRequestId })),
});

export const getCardFormConfig = defineEndpoint({
  method: "GET",
  path: "/user/payment/config",
  auth: "user",
  tag,
  summary: "How the SPA renders the card form for a country (provider, public key, script or sandbox frame)",
  schemas: schemasOf(payment, (s) => ({ query: s.cardFormConfigQuery, response: s.cardFormConfig })),
});

export const saveMexicanCard = defineEndpoint({
  method: "POST",
  path: "/user/payment/method",
  auth: "user",
  idempotent: true,
  idempotencyKeyField: "token",
  status: 201,
  errors: [...CARD_SAVE_ERRORS],
  tag,
  summary: "Save a Mexican card from its Conekta token (10 MXN verification charge, refunded)",
  schemas: schemasOf(payment, (s) => ({ body: s.mexicanCardBody, response: s.savedCardAnswer })),
});

export const saveNetpayCard = defineEndpoint({
  method: "POST",
  path: "/user/netpay/payment/method",
  auth: "user",
  idempotent: true,
  status: 201,
  errors: [...CARD_SAVE_ERRORS],
  tag,
  summary: "Save a Mexican card from its NetPay token",
  schemas: schemasOf(payment, (s) => ({ body: s.mexicanCardBody, response: s.savedCardAnswer })),
});

export const saveUsCard = defineEndpoint({
  method: "POST",
  path: "/user/nmi/payment/method",
  auth: "user",
  idempotent: true,
  idempotencyKeyField: "payment_token",
  status: 201,
  errors: [...CARD_SAVE_ERRORS],
  tag,
  summary: "Save a US card from its Collect.js payment token (1 USD verification charge, refunded)",
  schemas: schemasOf(payment, (s) => ({ body: s.usCardBody, response: s.savedCardAnswer })),
});

export const listPaymentMethods = defineEndpoint({
  method: "GET",
  path: "/user/payment/methods",
  auth: "user",
  tag,
  summary: "The driver's saved cards",
  schemas: schemasOf(payment, (s) => ({ response: s.paymentMethodList })),
});

export const setDefaultPaymentMethod = defineEndpoint({
  method: "PUT",
  path: "/user/payment/method/:uuid/default",
  auth: "user",
  tag,
  summary: "Make a card the default for its country",
  schemas: schemasOf(payment, (s) => ({ params: s.paymentMethodParams, response: s.paymentMethod })),
});

export const deletePaymentMethod = defineEndpoint({
  method: "DELETE",
  path: "/user/payment/method/:uuid",
  auth: "user",
  errors: ["card_default_delete", "invalid_payment_source_delete"],
  tag,
  summary: "Remove a card (not the default while others exist; not the last one while it is needed)",
  schemas: schemasOf(payment, (s) => ({ params: s.paymentMethodParams, response: s.paymentMethodList })),
});

export const completeThreeDs = defineEndpoint({
  method: "POST",
  path: "/user/payment/3ds/complete",
  auth: "user",
  errors: ["invalid_verification_payment", "object_not_found"],
  tag,
  summary: "After a 3-D Secure challenge: re-read the charge from the gateway and record it",
  schemas: schemasOf(payment, (s) => ({ body: s.completeThreeDsBody, response: s.paymentState })),
});
