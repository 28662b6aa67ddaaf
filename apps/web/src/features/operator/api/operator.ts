import type { EndpointBody, EndpointQuery } from "@estaciona/contracts/endpoint";
import * as devices from "@estaciona/contracts/endpoints/devices";
import * as invoicing from "@estaciona/contracts/endpoints/invoicing";
import * as endpoints from "@estaciona/contracts/endpoints/operator";
import type { Query, QueryClient } from "@tanstack/react-query";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { base64Blob, saveFile } from "../../../lib/download.ts";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

/** The console's calls (docs/product/operators.md); the server scopes each one to the operator's organisation. */

/** Who the caller is; a driver's 403 is the console's to explain, not an error dialog. */
export const profileQuery = () =>
  queryOptions({
    queryKey: endpointKey(endpoints.getOperatorProfile, {}),
    queryFn: ({ signal }) => callEndpoint(endpoints.getOperatorProfile, {}, { signal, handleErrors: false }),
    retry: false,
  });

export const todayQuery = (days: number) => endpointQuery(endpoints.getToday, { query: { days } });
export const locationsQuery = () => endpointQuery(endpoints.listOperatorLocations, {});
export const locationQuery = (uuid: string) => endpointQuery(endpoints.getOperatorLocation, { params: { uuid } });
export const devicesQuery = () => endpointQuery(endpoints.listDevices, { query: {} });
export const paymentQuery = (uuid: string) => endpointQuery(endpoints.getPayment, { params: { uuid } });
export const driverQuery = (uuid: string) => endpointQuery(endpoints.getDriver, { params: { uuid } });
export const operatorsQuery = () => endpointQuery(endpoints.listOperators, {});

export type PaymentFilters = Omit<EndpointQuery<typeof endpoints.searchPayments>, "cursor" | "limit">;
/** Keyset pages of the payment search: each page hands over the cursor of the next. */
export const paymentsQuery = (filters: PaymentFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(endpoints.searchPayments, { query: filters }),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(endpoints.searchPayments, { query: { ...filters, cursor: pageParam, limit: 25 } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
/** The charges of a period as CSV, saved as a file (the server streams it; a month is a few MB at most). */
export async function downloadPaymentsCsv(period: { from?: string | undefined; to?: string | undefined }) {
  const csv = await callEndpoint(endpoints.exportPayments, { query: period });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  link.download = `pagos-${period.from ?? "mes"}-${period.to ?? "hoy"}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}

export const driversQuery = (q: string) => endpointQuery(endpoints.searchDrivers, { query: { q } });
export const auditQuery = () =>
  infiniteQueryOptions({
    queryKey: endpointKey(endpoints.listAudit, { query: {} }),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(endpoints.listAudit, { query: { cursor: pageParam, limit: 25 } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export type LocationBody = EndpointBody<typeof endpoints.createLocation>;
export const createLocation = (body: LocationBody) => callEndpoint(endpoints.createLocation, { body });
export const updateLocation = (uuid: string, body: LocationBody) =>
  callEndpoint(endpoints.updateLocation, { params: { uuid }, body });

export const registerDevice = (body: EndpointBody<typeof devices.registerDevice>) =>
  callEndpoint(devices.registerDevice, { body });
export const renameDevice = (uuid: string, name: string | null) =>
  callEndpoint(endpoints.renameDevice, { params: { uuid }, body: { name } });
export const rotateDeviceKey = (uuid: string) => callEndpoint(endpoints.rotateDeviceKey, { params: { uuid } });
export const revokeDevice = (uuid: string) => callEndpoint(endpoints.revokeDevice, { params: { uuid } });

/** One Idempotency-Key per refund the operator confirms, sent again on a retry of the same one. */
export const refundPayment = (
  uuid: string,
  body: EndpointBody<typeof endpoints.refundPayment>,
  idempotencyKey: string,
) => callEndpoint(endpoints.refundPayment, { params: { uuid }, body, idempotencyKey });

export const suspendDriver = (uuid: string) => callEndpoint(endpoints.suspendDriver, { params: { uuid } });
export const restoreDriver = (uuid: string) => callEndpoint(endpoints.restoreDriver, { params: { uuid } });
export const addOperator = (body: EndpointBody<typeof endpoints.addOperator>) =>
  callEndpoint(endpoints.addOperator, { body });

export const removeOperator = (uuid: string) => callEndpoint(endpoints.removeOperator, { params: { uuid } });
export const updateOperatorGrants = (uuid: string, locationUuids: string[]) =>
  callEndpoint(endpoints.updateOperatorGrants, { params: { uuid }, body: { location_uuids: locationUuids } });

/** The platform role's: hosts and organisations. */
export const hostsQuery = () => endpointQuery(endpoints.listHosts, {});
export const updateHost = (hostname: string, body: EndpointBody<typeof endpoints.updateHost>) =>
  callEndpoint(endpoints.updateHost, { params: { hostname }, body });
export const organisationsQuery = () => endpointQuery(endpoints.listOrganisations, {});
export const createOrganisation = (body: EndpointBody<typeof endpoints.createOrganisation>) =>
  callEndpoint(endpoints.createOrganisation, { body });
export const addOrganisationOperator = (uuid: string, phone: string) =>
  callEndpoint(endpoints.addOrganisationOperator, { params: { uuid }, body: { phone } });

export const pendingInvoicesQuery = () => endpointQuery(invoicing.listPendingInvoices, {});
export const globalInvoicesQuery = () => endpointQuery(invoicing.listGlobalInvoices, {});
export const globalInvoiceSettingsQuery = () => endpointQuery(invoicing.getGlobalInvoiceSettings, {});
export const updateGlobalInvoiceSettings = (body: EndpointBody<typeof invoicing.updateGlobalInvoiceSettings>) =>
  callEndpoint(invoicing.updateGlobalInvoiceSettings, { body });
export const creditNotesQuery = () => endpointQuery(invoicing.listCreditNotes, {});
export const retryCreditNote = (uuid: string) => callEndpoint(invoicing.retryCreditNote, { params: { uuid } });

/** The files the console saves: a global invoice's or a credit note's XML and PDF. */
const CONSOLE_CFDI_FILES = {
  global: { xml: invoicing.downloadGlobalInvoiceXml, pdf: invoicing.downloadGlobalInvoicePdf },
  credit_note: { xml: invoicing.downloadCreditNoteXml, pdf: invoicing.downloadCreditNotePdf },
} as const;

/** Saves a global invoice's or a credit note's XML or PDF under its own file name. */
export async function downloadConsoleCfdi(
  kind: keyof typeof CONSOLE_CFDI_FILES,
  uuid: string,
  format: "xml" | "pdf",
): Promise<void> {
  const file = await callEndpoint(CONSOLE_CFDI_FILES[kind][format], { params: { uuid } });
  saveFile(base64Blob(file.base64, file.content_type), file.filename);
}

/** The organisation's global invoices as CSV, in the operator's language. */
export async function downloadGlobalInvoicesCsv(filename: string): Promise<void> {
  const csv = await callEndpoint(invoicing.exportGlobalInvoices, {});
  saveFile(new Blob([csv], { type: "text/csv;charset=utf-8" }), filename);
}
export const approveInvoice = (uuid: string) => callEndpoint(invoicing.approveInvoice, { params: { uuid } });
export const rejectInvoice = (uuid: string, reason: string) =>
  callEndpoint(invoicing.rejectInvoice, { params: { uuid }, body: { reason } });

/**
 * The console's lists by name, for useConsoleMutation's `invalidates`: each key names every page,
 * filter and row of its endpoint.
 */
export const consoleLists = {
  today: endpointKey(endpoints.getToday),
  locations: endpointKey(endpoints.listOperatorLocations),
  location: endpointKey(endpoints.getOperatorLocation),
  devices: endpointKey(endpoints.listDevices),
  payments: endpointKey(endpoints.searchPayments),
  payment: endpointKey(endpoints.getPayment),
  drivers: endpointKey(endpoints.searchDrivers),
  driver: endpointKey(endpoints.getDriver),
  operators: endpointKey(endpoints.listOperators),
  audit: endpointKey(endpoints.listAudit),
  hosts: endpointKey(endpoints.listHosts),
  organisations: endpointKey(endpoints.listOrganisations),
  invoices: endpointKey(invoicing.listPendingInvoices),
  globalInvoiceSettings: endpointKey(invoicing.getGlobalInvoiceSettings),
  creditNotes: endpointKey(invoicing.listCreditNotes),
} as const;

/** The console's answers: every endpoint under /admin/. */
const isConsoleAnswer = (query: Query) =>
  typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith("/admin/");

/**
 * A section just opened reads its figures again, even when the app kept an answer under 30 s old:
 * drivers buy, pay and park while the operator watches, and places sold must not lag a sale. What
 * is already on its way is not asked for twice.
 */
export const rereadConsole = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: isConsoleAnswer }, { cancelRefetch: false });
