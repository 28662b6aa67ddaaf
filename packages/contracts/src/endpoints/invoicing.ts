import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** Fiscal profiles, invoice requests and CFDI 4.0 invoices (docs/product/invoicing-account-contact.md, docs/decisions/0035). */

const invoicing = async () => {
  const [common, schemas] = await Promise.all([import("../schemas/common.ts"), import("../schemas/invoicing.ts")]);
  return { ...common, ...schemas };
};
const tag = "invoicing";

export const listTaxProfiles = defineEndpoint({
  method: "GET",
  path: "/user/tax/profiles",
  auth: "user",
  tag,
  summary: "The driver's fiscal profiles, the default first",
  schemas: schemasOf(invoicing, (s) => ({ response: s.taxProfileList })),
});

export const createTaxProfile = defineEndpoint({
  method: "POST",
  path: "/user/tax/profile",
  auth: "user",
  status: 201,
  errors: ["invalid_email"],
  tag,
  summary: "Save a fiscal profile (RFC, legal name, regime, CFDI use, postal code, e-mail); the first is the default",
  schemas: schemasOf(invoicing, (s) => ({ body: s.taxProfileBody, response: s.taxProfile })),
});

export const updateTaxProfile = defineEndpoint({
  method: "PUT",
  path: "/user/tax/profile/:uuid",
  auth: "user",
  errors: ["invalid_email"],
  tag,
  summary: "Change a fiscal profile or make it the default",
  schemas: schemasOf(invoicing, (s) => ({
    params: s.taxProfileParams,
    body: s.taxProfileBody,
    response: s.taxProfile,
  })),
});

export const deleteTaxProfile = defineEndpoint({
  method: "DELETE",
  path: "/user/tax/profile/:uuid",
  auth: "user",
  tag,
  summary: "Remove a fiscal profile (invoices already issued keep their data)",
  schemas: schemasOf(invoicing, (s) => ({ params: s.taxProfileParams, response: s.noData })),
});

export const listInvoiceablePayments = defineEndpoint({
  method: "GET",
  path: "/user/invoiceable/payments",
  auth: "user",
  tag,
  summary: "Paid payments of Mexican locations still inside their invoice window, with the deadline",
  schemas: schemasOf(invoicing, (s) => ({ response: s.invoiceablePaymentList })),
});

export const requestInvoice = defineEndpoint({
  method: "POST",
  path: "/user/invoice",
  auth: "user",
  status: 201,
  errors: [
    "invoice_not_available",
    "invoice_not_available_date",
    "invoice_with_discount_not_available",
    "object_not_found",
  ],
  tag,
  summary: "Invoice one paid payment with a fiscal profile; a second request answers the first invoice",
  schemas: schemasOf(invoicing, (s) => ({ body: s.requestInvoiceBody, response: s.invoice })),
});

export const requestMonthlyInvoice = defineEndpoint({
  method: "POST",
  path: "/user/invoice/monthly",
  auth: "user",
  status: 201,
  errors: ["invoice_not_available", "object_not_found"],
  tag,
  summary: "One invoice per issuer for every payment of a month not invoiced yet",
  schemas: schemasOf(invoicing, (s) => ({ body: s.requestMonthlyInvoiceBody, response: s.invoiceList })),
});

export const listInvoices = defineEndpoint({
  method: "GET",
  path: "/user/invoices",
  auth: "user",
  tag,
  summary: "The driver's invoices, newest first, with their status",
  schemas: schemasOf(invoicing, (s) => ({ response: s.invoiceList })),
});

export const getInvoice = defineEndpoint({
  method: "GET",
  path: "/user/invoice/:uuid",
  auth: "user",
  tag,
  summary: "One invoice",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, response: s.invoice })),
});

export const downloadInvoiceXml = defineEndpoint({
  method: "GET",
  path: "/user/invoice/:uuid/xml",
  auth: "user",
  tag,
  summary: "The invoice's CFDI XML, base64",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, response: s.invoiceFile })),
});

export const downloadInvoicePdf = defineEndpoint({
  method: "GET",
  path: "/user/invoice/:uuid/pdf",
  auth: "user",
  errors: ["file_not_found"],
  tag,
  summary: "The invoice's PDF, base64",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, response: s.invoiceFile })),
});

export const listPendingInvoices = defineEndpoint({
  method: "GET",
  path: "/admin/invoices/pending",
  auth: "admin",
  tag,
  summary: "Invoice requests waiting for the operator's approval, oldest first",
  schemas: schemasOf(invoicing, (s) => ({ response: s.invoiceList })),
});

export const approveInvoice = defineEndpoint({
  method: "POST",
  path: "/admin/invoice/:uuid/approve",
  auth: "admin",
  errors: ["invoice_already_approved"],
  tag,
  summary: "Approve a pending invoice request: it is issued (invoice_already_approved when it was)",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, response: s.invoice })),
});

export const rejectInvoice = defineEndpoint({
  method: "POST",
  path: "/admin/invoice/:uuid/reject",
  auth: "admin",
  errors: ["invoice_already_approved"],
  tag,
  summary: "Reject a pending invoice request; its payments can be requested again",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, body: s.rejectInvoiceBody, response: s.invoice })),
});

export const cancelInvoice = defineEndpoint({
  method: "POST",
  path: "/admin/invoice/:uuid/cancel",
  auth: "admin",
  tag,
  summary: "Cancel an issued invoice at its provider (motive 02); its payments can be invoiced again",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, response: s.invoice })),
});

export const listGlobalInvoices = defineEndpoint({
  method: "GET",
  path: "/admin/invoices/global",
  auth: "admin",
  tag,
  summary: "The organisation's global invoices to the general public, newest period first (docs/decisions/0293)",
  schemas: schemasOf(invoicing, (s) => ({ response: s.globalInvoiceList })),
});

export const exportGlobalInvoices = defineEndpoint({
  method: "GET",
  path: "/admin/invoices/global/export",
  auth: "admin",
  envelope: false,
  tag,
  summary: "The organisation's global invoices as CSV (amounts as decimals)",
  schemas: schemasOf(invoicing, (s) => ({ response: s.globalInvoicesCsv })),
});

export const downloadGlobalInvoiceXml = defineEndpoint({
  method: "GET",
  path: "/admin/invoice/global/:uuid/xml",
  auth: "admin",
  errors: ["file_not_found"],
  tag,
  summary: "A global invoice's CFDI XML, base64",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, response: s.invoiceFile })),
});

export const downloadGlobalInvoicePdf = defineEndpoint({
  method: "GET",
  path: "/admin/invoice/global/:uuid/pdf",
  auth: "admin",
  errors: ["file_not_found"],
  tag,
  summary: "A global invoice's PDF, base64",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, response: s.invoiceFile })),
});

export const getGlobalInvoiceSettings = defineEndpoint({
  method: "GET",
  path: "/admin/invoices/global/settings",
  auth: "admin",
  tag,
  summary: "How often the organisation's global invoice is issued (docs/decisions/0309)",
  schemas: schemasOf(invoicing, (s) => ({ response: s.globalInvoiceSettings })),
});

export const updateGlobalInvoiceSettings = defineEndpoint({
  method: "PUT",
  path: "/admin/invoices/global/settings",
  auth: "admin",
  // An organisation with no CFDI issuer has no global invoice to set.
  errors: ["object_not_found"],
  tag,
  summary:
    "Set how often the global invoice is issued: daily, weekly, fortnightly, monthly or bimonthly, from the next period on",
  schemas: schemasOf(invoicing, (s) => ({ body: s.globalInvoiceSettings, response: s.globalInvoiceSettings })),
});

export const listCreditNotes = defineEndpoint({
  method: "GET",
  path: "/admin/invoices/credit-notes",
  auth: "admin",
  tag,
  summary: "The organisation's credit notes for refunds of invoiced payments, newest first (docs/decisions/0308)",
  schemas: schemasOf(invoicing, (s) => ({ response: s.creditNoteList })),
});

export const retryCreditNote = defineEndpoint({
  method: "POST",
  path: "/admin/invoice/credit-note/:uuid/retry",
  auth: "admin",
  errors: ["action_not_available"],
  tag,
  summary: "Send a failed credit note to the provider again (action_not_available unless it failed)",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, response: s.creditNote })),
});

export const downloadCreditNoteXml = defineEndpoint({
  method: "GET",
  path: "/admin/invoice/credit-note/:uuid/xml",
  auth: "admin",
  errors: ["file_not_found"],
  tag,
  summary: "A credit note's CFDI XML, base64",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, response: s.invoiceFile })),
});

export const downloadCreditNotePdf = defineEndpoint({
  method: "GET",
  path: "/admin/invoice/credit-note/:uuid/pdf",
  auth: "admin",
  errors: ["file_not_found"],
  tag,
  summary: "A credit note's PDF, base64",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, response: s.invoiceFile })),
});

export const downloadMyCreditNoteXml = defineEndpoint({
  method: "GET",
  path: "/user/invoice/credit-note/:uuid/xml",
  auth: "user",
  errors: ["file_not_found"],
  tag,
  summary: "The CFDI XML of a credit note on one of the driver's invoices, base64",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, response: s.invoiceFile })),
});

export const downloadMyCreditNotePdf = defineEndpoint({
  method: "GET",
  path: "/user/invoice/credit-note/:uuid/pdf",
  auth: "user",
  errors: ["file_not_found"],
  tag,
  summary: "The PDF of a credit note on one of the driver's invoices, base64",
  schemas: schemasOf(invoicing, (s) => ({ params: s.invoiceParams, response: s.invoiceFile })),
});
