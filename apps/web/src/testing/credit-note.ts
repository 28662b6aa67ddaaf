/**
 * A credit note as the API answers it (docs/decisions/0319), for the driver's invoices and the
 * console's list alike: NC-3 of EST-12, $10.00 MXN issued; `over` changes what a test is about.
 */
export const creditNote = (over: Record<string, unknown> = {}) => ({
  uuid: "0f5c1a52-0000-4000-8000-00000000000a",
  status: "issued",
  series: "NC",
  folio: 3,
  stamped: false,
  cfdi_uuid: null,
  payment_uuid: "0f5c1a52-0000-4000-8000-00000000000b",
  refund_uuid: "0f5c1a52-0000-4000-8000-00000000000c",
  related_number: "EST-12",
  related_cfdi_uuid: null,
  invoice_uuid: "0f5c1a52-0000-4000-8000-00000000000d",
  global_invoice_uuid: null,
  subtotal: 862,
  tax: 138,
  total: 1000,
  currency: "mxn",
  created_at: "2026-11-20T18:00:00.000Z",
  issued_at: "2026-11-20T18:00:05.000Z",
  ...over,
});
