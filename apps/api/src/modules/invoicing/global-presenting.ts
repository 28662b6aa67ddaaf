import type { Locale } from "@estaciona/contracts";
import { dateIn } from "@estaciona/contracts/periods";
import type { GlobalInvoice, InvoiceFile } from "@estaciona/contracts/schemas/invoicing";
import { translate } from "@estaciona/i18n";
import type { Executor } from "../../db/database.ts";
import { csvCell, decimal } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import { assertWholeOrganisation, type OperatorScope } from "../operator/scope.ts";
import { creditNotesByOriginal } from "./credit-note-presenting.ts";
import { GLOBAL_INVOICE_TIME_ZONE } from "./global-periods.ts";
import { findGlobalInvoice, listGlobalInvoicesOfOrganisation } from "./global-repository.ts";

/** The console's view of an organisation's global invoices (docs/product/invoicing-account-contact.md). */

const localDay = (instant: string) => dateIn(GLOBAL_INVOICE_TIME_ZONE, Date.parse(instant));

/** Global invoices are the whole organisation's: a staff member limited to some locations is refused. */
export async function listGlobalInvoices(db: Executor, scope: OperatorScope): Promise<GlobalInvoice[]> {
  assertWholeOrganisation(scope);
  const rows = await listGlobalInvoicesOfOrganisation(db, scope.organisationId);
  const creditNotes = await creditNotesByOriginal(
    db,
    "global_invoice_id",
    rows.filter((row) => row.status === "issued").map((row) => row.id),
  );
  return rows.map((row) => ({
    uuid: row.id,
    periodicity: row.periodicity,
    period_start: localDay(row.period_start),
    period_end: localDay(row.period_end),
    status: row.status,
    series: row.series,
    folio: row.folio,
    stamped: row.stamped === 1,
    cfdi_uuid: row.cfdi_uuid,
    payment_count: Number(row.payment_count ?? 0),
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    currency: "mxn",
    issued_at: row.issued_at,
    credit_notes: creditNotes.get(row.id) ?? [],
  }));
}

const CSV_COLUMNS = [
  "number",
  "periodicity",
  "first_day",
  "last_day",
  "status",
  "sales",
  "subtotal",
  "iva",
  "total",
  "cfdi_uuid",
];

/** The same list as CSV: amounts as decimals, the period and status in the reader's words. */
export async function globalInvoicesCsv(db: Executor, scope: OperatorScope, locale: Locale): Promise<string> {
  const words = (key: string) => translate(locale, `operator.global_invoices.${key}`) ?? key;
  const header = CSV_COLUMNS.map((column) => words(`csv.${column}`));
  const rows = (await listGlobalInvoices(db, scope)).map((invoice) => [
    `${invoice.series}-${invoice.folio}`,
    words(`periodicity.${invoice.periodicity}`),
    invoice.period_start,
    dateIn("UTC", Date.parse(`${invoice.period_end}T00:00:00Z`) - 86_400_000),
    words(`status.${invoice.status}`),
    invoice.payment_count,
    decimal(invoice.subtotal),
    decimal(invoice.tax),
    decimal(invoice.total),
    invoice.cfdi_uuid,
  ]);
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(",")}\r\n`).join("");
}

export async function globalInvoiceFile(
  db: Executor,
  scope: OperatorScope,
  id: string,
  format: "xml" | "pdf",
): Promise<InvoiceFile> {
  assertWholeOrganisation(scope);
  const invoice = await findGlobalInvoice(db, id);
  if (invoice?.organisation_id !== scope.organisationId) throw new AppError("object_not_found");
  const base64 =
    format === "xml" ? invoice.xml && Buffer.from(invoice.xml, "utf8").toString("base64") : invoice.pdf_base64;
  if (invoice.status !== "issued" || !base64) throw new AppError("file_not_found");
  return {
    filename: `${invoice.issuer_rfc}-${invoice.series}${invoice.folio}-global.${format}`,
    content_type: format === "xml" ? "application/xml" : "application/pdf",
    base64,
  };
}
