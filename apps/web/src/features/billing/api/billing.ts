import type { EndpointBody } from "@estaciona/contracts/endpoint";
import * as endpoints from "@estaciona/contracts/endpoints/invoicing";
import type { Invoice, InvoiceFile, TaxProfile } from "@estaciona/contracts/schemas/invoicing";
import type { QueryClient } from "@tanstack/react-query";
import { base64Blob, saveFile } from "../../../lib/download.ts";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

export const taxProfilesQuery = () => endpointQuery(endpoints.listTaxProfiles, {});
export const invoiceablePaymentsQuery = () => endpointQuery(endpoints.listInvoiceablePayments, {});
export const invoicesQuery = () => endpointQuery(endpoints.listInvoices, {});

/** After a change every billing list may be stale: profiles, what can be invoiced, the history. */
export const refreshBilling = (queryClient: QueryClient) =>
  Promise.all(
    [endpoints.listTaxProfiles, endpoints.listInvoiceablePayments, endpoints.listInvoices].map((endpoint) =>
      queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }),
    ),
  );

type ProfileBody = EndpointBody<typeof endpoints.createTaxProfile>;

export const saveTaxProfile = (uuid: string | null, body: ProfileBody): Promise<TaxProfile> =>
  uuid
    ? callEndpoint(endpoints.updateTaxProfile, { params: { uuid }, body })
    : callEndpoint(endpoints.createTaxProfile, { body });

export const deleteTaxProfile = async (uuid: string): Promise<void> => {
  await callEndpoint(endpoints.deleteTaxProfile, { params: { uuid } });
};

export const requestInvoice = (paymentUuid: string, taxProfileUuid: string): Promise<Invoice> =>
  callEndpoint(endpoints.requestInvoice, { body: { payment_uuid: paymentUuid, tax_profile_uuid: taxProfileUuid } });

export const requestMonthlyInvoice = (month: string, taxProfileUuid: string): Promise<Invoice[]> =>
  callEndpoint(endpoints.requestMonthlyInvoice, { body: { month, tax_profile_uuid: taxProfileUuid } });

/** The files a driver saves: an invoice's or a credit note's XML and PDF. */
const DRIVER_CFDI_FILES = {
  invoice: { xml: endpoints.downloadInvoiceXml, pdf: endpoints.downloadInvoicePdf },
  credit_note: { xml: endpoints.downloadMyCreditNoteXml, pdf: endpoints.downloadMyCreditNotePdf },
} as const;

/** Saves an invoice's (or a credit note's) XML or PDF under its own file name. */
export async function downloadInvoice(
  uuid: string,
  format: "xml" | "pdf",
  kind: keyof typeof DRIVER_CFDI_FILES = "invoice",
): Promise<void> {
  const file: InvoiceFile = await callEndpoint(DRIVER_CFDI_FILES[kind][format], { params: { uuid } });
  saveFile(base64Blob(file.base64, file.content_type), file.filename);
}
