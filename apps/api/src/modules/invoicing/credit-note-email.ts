import { formatMoney } from "@estaciona/contracts/money";
import { translate } from "@estaciona/i18n";
import type { Executor } from "../../db/database.ts";
import { enqueue } from "../jobs/queue.ts";
import type { JobRunner } from "../jobs/worker.ts";
import { messageKey, sendOnce } from "../messaging/outbox.ts";
import { localeOfUser } from "../users/service.ts";
import { findCreditNote } from "./credit-note-repository.ts";
import type { InvoicingDeps } from "./issuing.ts";
import { findInvoiceById } from "./repository.ts";

/**
 * The driver's e-mail of a credit note on their invoice (docs/decisions/0319): its XML and PDF to
 * the invoice's address, in the driver's language, as the invoice's own e-mail. A job enqueued in
 * the transaction, once per note; the outbox's key sends it once however often the job runs
 * and on however many workers. A note on a global invoice has no driver to write to.
 */
const JOB_SEND_CREDIT_NOTE = "invoicing.send-credit-note";

export function registerCreditNoteEmail(deps: InvoicingDeps, jobs: JobRunner): void {
  jobs.register(JOB_SEND_CREDIT_NOTE, (payload) =>
    sendCreditNote(deps, (payload as { creditNoteId: string }).creditNoteId),
  );
}

/** In the transaction that marks the note issued. */
export const enqueueCreditNoteEmail = (tx: Executor, creditNoteId: string) =>
  enqueue(tx, JOB_SEND_CREDIT_NOTE, { creditNoteId }, { dedupeKey: `credit-note-send:${creditNoteId}` });

async function sendCreditNote(deps: InvoicingDeps, creditNoteId: string): Promise<void> {
  const note = await findCreditNote(deps.db, creditNoteId);
  if (note?.status !== "issued" || !note.xml || !note.pdf_base64 || !note.invoice_id) return;
  const invoice = await findInvoiceById(deps.db, note.invoice_id);
  if (!invoice?.receiver_email) return;
  const locale = await localeOfUser(deps.db, invoice.user_id);
  const params = {
    number: `${note.series}-${note.folio}`,
    invoice: `${invoice.series}-${invoice.folio}`,
    issuer: invoice.issuer_name,
    total: formatMoney(note.total, "mxn"),
  };
  const text = (key: string) => translate(locale, `billing.${key}`, params) ?? key;
  const name = `${invoice.issuer_rfc}-${note.series}${note.folio}`;
  await sendOnce(deps, messageKey("credit_note_email", note.id), {
    channel: "email",
    to: invoice.receiver_email,
    subject: text("credit_note_email_subject"),
    text: text(note.stamped ? "credit_note_email_body" : "credit_note_email_body_sandbox"),
    attachments: [
      { filename: `${name}.xml`, contentType: "application/xml", content: Buffer.from(note.xml, "utf8") },
      { filename: `${name}.pdf`, contentType: "application/pdf", content: Buffer.from(note.pdf_base64, "base64") },
    ],
  });
}
