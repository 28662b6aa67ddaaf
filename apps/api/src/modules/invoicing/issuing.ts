import type { Locale } from "@estaciona/contracts";
import { formatMoney } from "@estaciona/contracts/money";
import { translate } from "@estaciona/i18n";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.ts";
import { nowIso } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import type { JobContext, JobRunner } from "../jobs/worker.ts";
import { messageKey, type OutboxDeps, sendOnce } from "../messaging/outbox.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import { findUserById } from "../users/repository.ts";
import type { CfdiDocument } from "./cfdi.ts";
import { checkCreditNotesOnIssue } from "./credit-notes.ts";
import { finalIssueFailure, type InvoiceProvider, issuedColumns } from "./provider.ts";
import {
  findInvoiceById,
  type InvoiceRow,
  listInvoiceLines,
  releaseInvoicePayments,
  updateInvoiceIfStatus,
} from "./repository.ts";

/**
 * Issuing runs as a job (docs/product/invoicing-account-contact.md): safe to run twice and on several workers. Only an invoice in
 * `issuing` is sent to the provider, its id is the provider's idempotency key, and the result is
 * written only if the invoice is still `issuing` — so a payment is never invoiced twice.
 */
export const JOB_ISSUE_INVOICE = "invoicing.issue";
export const JOB_SEND_INVOICE = "invoicing.send";
/** A provider that does not answer is tried again with the queue's backoff, this many times in all. */
export const MAX_ISSUE_ATTEMPTS = 8;
/**
 * c_FormaPago of a CFDI: one per comprobante, so with several payments it is the form of the one
 * that paid the largest amount (the SAT's Anexo 20 guide: "la forma de pago con la que se liquidó
 * el mayor importe"); a line from before forms were recorded was issued as 04 and stays so.
 */
export function paymentFormOfLines(lines: readonly { total: number; payment_form: string | null }[]): string {
  const largest = lines.reduce<(typeof lines)[number] | undefined>(
    (best, line) => (!best || line.total > best.total ? line : best),
    undefined,
  );
  return largest?.payment_form ?? "04";
}

export interface InvoicingDeps extends OutboxDeps {
  db: Db;
  log: FastifyBaseLogger;
  providers: OutboxDeps["providers"] & { invoicing: InvoiceProvider };
}

export function registerInvoicingJobs(deps: InvoicingDeps, jobs: JobRunner): void {
  jobs.register(JOB_ISSUE_INVOICE, (payload, job) =>
    issueInvoice(deps, (payload as { invoiceId: string }).invoiceId, job),
  );
  jobs.register(JOB_SEND_INVOICE, (payload) => sendInvoice(deps, (payload as { invoiceId: string }).invoiceId));
}

/** Fecha as the CFDI wants it: the place of issue's wall clock, `YYYY-MM-DDTHH:mm:ss`, no zone. */
export function cfdiDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:${part("second")}`;
}

async function cfdiDocumentOf(db: Db, invoice: InvoiceRow, issuedAt: Date): Promise<CfdiDocument> {
  const lines = await listInvoiceLines(db, [invoice.id]);
  const place = lines[0] && (await findLocationById(db, lines[0].location_id));
  return {
    series: invoice.series,
    folio: invoice.folio,
    issuedAt: cfdiDate(issuedAt, place?.time_zone ?? "America/Mexico_City"),
    currency: "MXN",
    paymentForm: paymentFormOfLines(lines),
    issuer: {
      rfc: invoice.issuer_rfc,
      name: invoice.issuer_name,
      regime: invoice.issuer_regime,
      postalCode: invoice.issuer_postal_code,
    },
    receiver: {
      rfc: invoice.receiver_rfc,
      name: invoice.receiver_name,
      regime: invoice.receiver_regime,
      postalCode: invoice.receiver_postal_code,
      cfdiUse: invoice.cfdi_use,
    },
    lines: lines.map((line) => ({
      reference: line.payment_id,
      description: line.description,
      base: line.base,
      tax: line.tax,
      taxRateBp: line.tax_rate_bp,
    })),
  };
}

export async function issueInvoice(
  deps: InvoicingDeps,
  invoiceId: string,
  job: Pick<JobContext, "attempt" | "maxAttempts">,
) {
  const { db, providers } = deps;
  const invoice = await findInvoiceById(db, invoiceId);
  if (invoice?.status !== "issuing") return;
  const document = await cfdiDocumentOf(db, invoice, new Date());
  let issued: Awaited<ReturnType<InvoiceProvider["issue"]>>;
  try {
    issued = await providers.invoicing.issue(document, { invoiceId, receiverEmail: invoice.receiver_email });
  } catch (error) {
    const failedColumns = finalIssueFailure(error, providers.invoicing.name, job, nowIso());
    deps.log.warn({ err: error, invoiceId }, "invoice not issued");
    await db.transaction().execute(async (tx) => {
      const failed = await updateInvoiceIfStatus(tx, invoiceId, "issuing", failedColumns);
      if (failed) await releaseInvoicePayments(tx, invoiceId);
    });
    return;
  }
  await db.transaction().execute(async (tx) => {
    const moved = await updateInvoiceIfStatus(
      tx,
      invoiceId,
      "issuing",
      issuedColumns(providers.invoicing.name, issued, nowIso()),
    );
    if (!moved) return;
    await enqueue(tx, JOB_SEND_INVOICE, { invoiceId }, { dedupeKey: `invoice-send:${invoiceId}` });
    await checkCreditNotesOnIssue(tx, { kind: "invoice", id: invoiceId });
  });
}

/** E-mails the XML and the PDF to the address of the fiscal profile, in the driver's language. */
async function sendInvoice(deps: InvoicingDeps, invoiceId: string): Promise<void> {
  const invoice = await findInvoiceById(deps.db, invoiceId);
  if (invoice?.status !== "issued" || !invoice.xml || !invoice.pdf_base64 || !invoice.receiver_email) return;
  const user = await findUserById(deps.db, invoice.user_id);
  const locale: Locale = user?.locale ?? "es";
  const params = {
    number: `${invoice.series}-${invoice.folio}`,
    issuer: invoice.issuer_name,
    total: formatMoney(invoice.total, invoice.currency),
  };
  const text = (key: string) => translate(locale, `billing.${key}`, params) ?? key;
  const name = `${invoice.issuer_rfc}-${invoice.series}${invoice.folio}`;
  await sendOnce(deps, messageKey("invoice_email", invoice.id), {
    channel: "email",
    to: invoice.receiver_email,
    subject: text("email_subject"),
    text: text(invoice.stamped ? "email_body" : "email_body_sandbox"),
    attachments: [
      { filename: `${name}.xml`, contentType: "application/xml", content: Buffer.from(invoice.xml, "utf8") },
      { filename: `${name}.pdf`, contentType: "application/pdf", content: Buffer.from(invoice.pdf_base64, "base64") },
    ],
  });
}
