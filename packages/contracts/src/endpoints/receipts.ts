import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** A receipt of every paid charge, for every product (docs/decisions/0111). */

const receipts = async () => import("../schemas/receipts.ts");
const tag = "receipts";

export const listReceipts = defineEndpoint({
  method: "GET",
  path: "/user/receipts",
  auth: "user",
  tag,
  summary: "The receipts of one of the driver's products (a visit, event pass, meter session, valet ticket or pass)",
  schemas: schemasOf(receipts, (s) => ({ query: s.receiptListQuery, response: s.receiptList })),
});

export const getReceipt = defineEndpoint({
  method: "GET",
  path: "/user/receipt/:uuid",
  auth: "user",
  tag,
  summary: "The receipt of one of the driver's paid charges: place, plate, times, breakdown, payment reference",
  schemas: schemasOf(receipts, (s) => ({ params: s.receiptParams, response: s.receipt })),
});

export const downloadReceiptPdf = defineEndpoint({
  method: "GET",
  path: "/user/receipt/:uuid/pdf",
  auth: "user",
  tag,
  summary: "The receipt as a PDF, base64, in the caller's language",
  schemas: schemasOf(receipts, (s) => ({ params: s.receiptParams, response: s.receiptPdf })),
});
