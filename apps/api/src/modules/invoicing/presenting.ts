import type { Invoice, InvoiceFile } from "@estaciona/contracts/schemas/invoicing";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { creditNotesByOriginal } from "./credit-note-presenting.ts";
import {
  findInvoiceById,
  findInvoiceOfUser,
  type InvoiceRow,
  listInvoiceLines,
  listInvoicesOfUser,
} from "./repository.ts";

/** Invoices as the driver and the console read them, and their files. */

/** Map.groupBy, which Node 20 lacks. */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

export async function requireInvoice(db: Executor, invoiceId: string): Promise<InvoiceRow> {
  const invoice = await findInvoiceById(db, invoiceId);
  if (!invoice) throw new AppError("object_not_found");
  return invoice;
}

async function requireInvoiceOfUser(db: Executor, userId: string, invoiceId: string): Promise<InvoiceRow> {
  const invoice = await findInvoiceOfUser(db, userId, invoiceId);
  if (!invoice) throw new AppError("object_not_found");
  return invoice;
}

export async function presentInvoices(db: Executor, rows: InvoiceRow[]): Promise<Invoice[]> {
  const lines = groupBy(
    await listInvoiceLines(
      db,
      rows.map((row) => row.id),
    ),
    (line) => line.invoice_id,
  );
  const creditNotes = await creditNotesByOriginal(
    db,
    "invoice_id",
    rows.filter((row) => row.status === "issued" || row.status === "cancelled").map((row) => row.id),
  );
  return rows.map((row) => ({
    uuid: row.id,
    status: row.status,
    kind: row.kind,
    cfdi_uuid: row.cfdi_uuid,
    series: row.series,
    folio: row.folio,
    provider: row.provider,
    stamped: row.stamped === 1,
    issuer_rfc: row.issuer_rfc,
    issuer_name: row.issuer_name,
    receiver_rfc: row.receiver_rfc,
    receiver_name: row.receiver_name,
    cfdi_use: row.cfdi_use,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    currency: row.currency,
    payment_uuids: (lines.get(row.id) ?? []).map((line) => line.payment_id),
    requested_at: row.created_at,
    issued_at: row.issued_at,
    failure_code: row.failure_code,
    cancellation_status: row.cancellation_status,
    credit_notes: creditNotes.get(row.id) ?? [],
  }));
}

export async function presentInvoice(db: Executor, row: InvoiceRow): Promise<Invoice> {
  const [invoice] = await presentInvoices(db, [row]);
  if (!invoice) throw new Error("an invoice presents as itself");
  return invoice;
}

export async function listInvoices(db: Executor, userId: string): Promise<Invoice[]> {
  return presentInvoices(db, await listInvoicesOfUser(db, userId));
}

export async function getInvoice(db: Executor, userId: string, invoiceId: string): Promise<Invoice> {
  return presentInvoice(db, await requireInvoiceOfUser(db, userId, invoiceId));
}

/** The XML or PDF of an issued invoice (`file_not_found` before it is issued). */
export async function invoiceFile(
  db: Executor,
  userId: string,
  invoiceId: string,
  format: "xml" | "pdf",
): Promise<InvoiceFile> {
  const invoice = await requireInvoiceOfUser(db, userId, invoiceId);
  const base64 =
    format === "xml" ? invoice.xml && Buffer.from(invoice.xml, "utf8").toString("base64") : invoice.pdf_base64;
  if (invoice.status !== "issued" || !base64) throw new AppError("file_not_found");
  return {
    filename: `${invoice.issuer_rfc}-${invoice.series}${invoice.folio}.${format}`,
    content_type: format === "xml" ? "application/xml" : "application/pdf",
    base64,
  };
}
