import type { Db } from "../../db/database.ts";
import type { GlobalPeriodicity } from "../../db/schema.ts";
import { nowIso } from "../../lib/time.ts";
import type { JobContext, JobRunner } from "../jobs/worker.ts";
import { type CfdiDocument, CREDIT_NOTE_RELATIONSHIP, generalPublic } from "./cfdi.ts";
import { enqueueCreditNoteEmail, registerCreditNoteEmail } from "./credit-note-email.ts";
import { type CreditNoteRow, findCreditNote, updateCreditNoteIfStatus } from "./credit-note-repository.ts";
import { JOB_ISSUE_CREDIT_NOTE, registerCreditNoteChecks } from "./credit-notes.ts";
import { GLOBAL_INVOICE_TIME_ZONE, SAT_PERIODICITY } from "./global-periods.ts";
import { findGlobalInvoice } from "./global-repository.ts";
import { cfdiDate, type InvoicingDeps } from "./issuing.ts";
import { finalIssueFailure, type InvoiceProvider, issuedColumns } from "./provider.ts";
import { findInvoiceById } from "./repository.ts";

/**
 * Issuing a credit note (docs/decisions/0308): the same provider and the same job as an invoice —
 * its id is the provider's idempotency key and only a note still `issuing` is sent. A provider that
 * refuses it, or never answers within the attempts, leaves it `failed`: the refund stands, and the
 * console shows the note for review and can send it again.
 */

/** c_UsoCFDI G02: devoluciones, descuentos o bonificaciones — what a credit note to a driver is for. */
const CREDIT_NOTE_USE = "G02";

export function registerCreditNotes(deps: InvoicingDeps, jobs: JobRunner): void {
  registerCreditNoteChecks(deps.db, jobs);
  registerCreditNoteEmail(deps, jobs);
  jobs.register(JOB_ISSUE_CREDIT_NOTE, (payload, job) =>
    issueCreditNote(deps, (payload as { creditNoteId: string }).creditNoteId, job),
  );
}

/** The CFDI de egreso of a note: the original's issuer and receiver, its payment form, related with TipoRelacion 01. */
async function creditNoteDocument(db: Db, note: CreditNoteRow, issuedAt: Date): Promise<CfdiDocument | null> {
  const line = {
    reference: note.refund_payment_id,
    description: note.description,
    base: note.base,
    tax: note.tax,
    taxRateBp: note.tax_rate_bp,
  };
  const common = {
    type: "E" as const,
    series: note.series,
    folio: note.folio,
    issuedAt: cfdiDate(issuedAt, GLOBAL_INVOICE_TIME_ZONE),
    currency: "MXN" as const,
    paymentForm: note.payment_form,
    lines: [line],
  };
  if (note.invoice_id) {
    const original = await findInvoiceById(db, note.invoice_id);
    if (!original) return null;
    return {
      ...common,
      issuer: issuerOf(original),
      receiver: {
        rfc: original.receiver_rfc,
        name: original.receiver_name,
        regime: original.receiver_regime,
        postalCode: original.receiver_postal_code,
        cfdiUse: CREDIT_NOTE_USE,
      },
      related: relatedTo(original),
    };
  }
  const original = note.global_invoice_id ? await findGlobalInvoice(db, note.global_invoice_id) : undefined;
  if (!original) return null;
  return {
    ...common,
    issuer: issuerOf(original),
    // To the general public, as its original: the SAT wants InformacionGlobal wherever the receiver is.
    receiver: generalPublic(original.issuer_postal_code),
    global: {
      periodicity: SAT_PERIODICITY[original.periodicity as GlobalPeriodicity],
      months: original.months,
      year: original.year,
    },
    related: relatedTo(original),
  };
}

type Original = {
  issuer_rfc: string;
  issuer_name: string;
  issuer_regime: string;
  issuer_postal_code: string;
  series: string;
  folio: number;
  cfdi_uuid: string | null;
};
const issuerOf = (original: Original): CfdiDocument["issuer"] => ({
  rfc: original.issuer_rfc,
  name: original.issuer_name,
  regime: original.issuer_regime,
  postalCode: original.issuer_postal_code,
});
const relatedTo = (original: Original): NonNullable<CfdiDocument["related"]> => ({
  relationship: CREDIT_NOTE_RELATIONSHIP,
  cfdiUuid: original.cfdi_uuid,
  number: `${original.series}-${original.folio}`,
});

export async function issueCreditNote(
  deps: InvoicingDeps,
  id: string,
  job: Pick<JobContext, "attempt" | "maxAttempts">,
): Promise<void> {
  const { db, providers } = deps;
  const note = await findCreditNote(db, id);
  if (note?.status !== "issuing") return;
  const document = await creditNoteDocument(db, note, new Date());
  if (!document) return;
  const receiverEmail = note.invoice_id ? ((await findInvoiceById(db, note.invoice_id))?.receiver_email ?? "") : "";
  let issued: Awaited<ReturnType<InvoiceProvider["issue"]>>;
  try {
    issued = await providers.invoicing.issue(document, { invoiceId: id, receiverEmail });
  } catch (error) {
    const failed = finalIssueFailure(error, providers.invoicing.name, job, nowIso());
    deps.log.error({ err: error, creditNoteId: id }, "credit note not issued");
    await updateCreditNoteIfStatus(db, id, "issuing", failed);
    return;
  }
  await db.transaction().execute(async (tx) => {
    const moved = await updateCreditNoteIfStatus(tx, id, "issuing", {
      ...issuedColumns(providers.invoicing.name, issued, nowIso()),
      failure_code: null,
    });
    // Only the run that moved it writes to the driver: a second worker's late answer changes nothing.
    if (moved && note.invoice_id) await enqueueCreditNoteEmail(tx, id);
  });
}
