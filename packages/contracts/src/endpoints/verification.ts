import { defineEndpoint, schemasOf } from "../endpoint.ts";

/**
 * Proof of payment anyone can check, and the dispute kit (issue 26 item 5, docs/decisions/0200):
 * the public check of a receipt's token (`open/…`, no sign-in, rate-limited, not indexed), the
 * driver's proof and dispute on a receipt (`user/…`) and the console's disputes (`admin/…`).
 */

const verification = async () => import("../schemas/verification.ts");
const tag = "verification";

export const verifyReceipt = defineEndpoint({
  method: "GET",
  path: "/open/verify/:token",
  auth: "none",
  tag,
  summary:
    "Whether a receipt's token is genuine and what it covers: place, times, amount, operator; never the driver's name, phone or card",
  errors: ["object_not_found", "invalid_code", "action_not_available"],
  schemas: schemasOf(verification, (s) => ({ params: s.proofTokenParams, response: s.verifiedReceipt })),
});

export const checkReceiptPlate = defineEndpoint({
  method: "POST",
  path: "/open/verify/:token/plate",
  auth: "none",
  tag,
  summary: "Whether a plate the reader typed is the receipt's (normalised compare); the plate itself is never answered",
  errors: ["object_not_found", "invalid_code", "action_not_available"],
  schemas: schemasOf(verification, (s) => ({
    params: s.proofTokenParams,
    body: s.plateCheckBody,
    response: s.plateCheck,
  })),
});

export const checkSign = defineEndpoint({
  method: "POST",
  path: "/open/sign/check",
  auth: "none",
  tag,
  summary:
    "Whether a scanned link is one of our hosts' place signs signed by the place's organisation (docs/decisions/0287); names the operator when it is",
  schemas: schemasOf(verification, (s) => ({ body: s.signCheckBody, response: s.signCheck })),
});

export const getReceiptProof = defineEndpoint({
  method: "GET",
  path: "/user/receipt/:uuid/proof",
  auth: "user",
  tag,
  summary: "The token the receipt's QR carries and until when it can be checked",
  schemas: schemasOf(verification, (s) => ({ params: s.disputeParams, response: s.receiptProof })),
});

export const getReceiptDispute = defineEndpoint({
  method: "GET",
  path: "/user/receipt/:uuid/dispute",
  auth: "user",
  tag,
  summary: "The dispute opened from this receipt, or null",
  schemas: schemasOf(verification, (s) => ({ params: s.disputeParams, response: s.disputeOrNull })),
});

export const openReceiptDispute = defineEndpoint({
  method: "POST",
  path: "/user/receipt/:uuid/dispute",
  auth: "user",
  status: 201,
  tag,
  summary: '"I got a ticket": opens the receipt\'s dispute for the operator (one per receipt; again answers it)',
  schemas: schemasOf(verification, (s) => ({ params: s.disputeParams, body: s.openDisputeBody, response: s.dispute })),
});

export const downloadReceiptDisputeKit = defineEndpoint({
  method: "GET",
  path: "/user/receipt/:uuid/dispute/pdf",
  auth: "user",
  tag,
  summary: "The dispute kit as a PDF: receipt, zone, map pin, times, ticket number",
  schemas: schemasOf(verification, (s) => ({ params: s.disputeParams, response: s.disputeKit })),
});

export const listDisputes = defineEndpoint({
  method: "GET",
  path: "/admin/disputes",
  auth: "admin",
  tag,
  summary: "The disputes at the operator's locations, newest first, optionally of one state",
  schemas: schemasOf(verification, (s) => ({ query: s.disputeListQuery, response: s.disputeList })),
});

export const changeDispute = defineEndpoint({
  method: "POST",
  path: "/admin/dispute/:uuid/status",
  auth: "admin",
  tag,
  summary: "Moves a dispute to in review, upheld or rejected, with an answer for the driver; audit logged",
  errors: ["invalid_data"],
  schemas: schemasOf(verification, (s) => ({
    params: s.disputeParams,
    body: s.changeDisputeBody,
    response: s.dispute,
  })),
});

export const downloadDisputeKit = defineEndpoint({
  method: "GET",
  path: "/admin/dispute/:uuid/pdf",
  auth: "admin",
  tag,
  summary: "The dispute kit as a PDF, in the operator's language",
  schemas: schemasOf(verification, (s) => ({ params: s.disputeParams, response: s.disputeKit })),
});
