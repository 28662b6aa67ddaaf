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

/** The receipts history and its statement (issue 26 item 4, docs/decisions/0187). */
export const listReceiptHistory = defineEndpoint({
  method: "GET",
  path: "/user/receipts/history",
  auth: "user",
  errors: ["invalid_data"],
  tag,
  summary:
    "Every payment of a period (charges of every product and refunds), newest first, keyset paged, with its tag and CFDI",
  schemas: schemasOf(receipts, (s) => ({ query: s.receiptHistoryQuery, response: s.receiptHistory })),
});

export const tagReceipt = defineEndpoint({
  method: "PUT",
  path: "/user/receipt/:uuid/tag",
  auth: "user",
  tag,
  summary: "Tag one of the driver's paid charges business or personal (editable)",
  schemas: schemasOf(receipts, (s) => ({
    params: s.receiptParams,
    body: s.expenseTagBody,
    response: s.expenseTagAnswer,
  })),
});

export const downloadStatementCsv = defineEndpoint({
  method: "GET",
  path: "/user/receipts/statement/csv",
  auth: "user",
  errors: ["invalid_data"],
  tag,
  summary: "The period's payments as CSV (base64), in the caller's language",
  schemas: schemasOf(receipts, (s) => ({ query: s.statementQuery, response: s.statementFile })),
});

export const downloadStatementPdf = defineEndpoint({
  method: "GET",
  path: "/user/receipts/statement/pdf",
  auth: "user",
  errors: ["invalid_data"],
  tag,
  summary: "The period's payments as a PDF statement (base64), with each payment's CFDI on a Mexican host",
  schemas: schemasOf(receipts, (s) => ({ query: s.statementQuery, response: s.statementFile })),
});
