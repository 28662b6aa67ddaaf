import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** A reference to pay later (cash at OXXO, SPEI; docs/decisions/0280): what the driver takes to pay it. */

const references = () => import("../schemas/references.ts");

export const getPaymentReference = defineEndpoint({
  method: "GET",
  path: "/user/reference/:uuid",
  auth: "user",
  errors: ["object_not_found"],
  tag: "payments",
  summary: "One of the driver's payment references: amount, OXXO reference or CLABE, expiry, status",
  schemas: schemasOf(references, (s) => ({ params: s.referenceParams, response: s.paymentReference })),
});

export const listAwaitingReferences = defineEndpoint({
  method: "GET",
  path: "/user/references",
  auth: "user",
  errors: [],
  tag: "payments",
  summary: "The driver's references still waiting to be paid, soonest to expire first (the receipts list shows them)",
  schemas: schemasOf(references, (s) => ({ response: s.awaitingReferences })),
});
