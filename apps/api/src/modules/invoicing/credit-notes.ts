import type { Db, Executor, Tx } from "../../db/database.ts";
import { forUpdate } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import type { JobRunner } from "../jobs/worker.ts";
import { onRefundSucceeded, type PaymentRow } from "../payments/ledger/payables.ts";
import {
  type ChargeCoverage,
  findCharge,
  findChargeCoverage,
  insertCreditNote,
  listRefundedChargesOf,
  listSucceededRefunds,
} from "./credit-note-repository.ts";
import { findGlobalInvoice } from "./global-repository.ts";
import { MAX_ISSUE_ATTEMPTS, paymentFormOfLines } from "./issuing.ts";
import { notYetIssuedColumns } from "./provider.ts";
import { listInvoiceLines, takeNextFolio } from "./repository.ts";

/**
 * Which refunds are owed a credit note (docs/decisions/0308). A line of an issued CFDI claims a
 * charge less what was refunded before it was written (a global invoice nets refunds; a driver's
 * invoice claims the whole charge); every succeeded refund beyond that is given back on a CFDI de
 * egreso related to it, one per refund (a unique key on the refund). The check runs in a job, after
 * the refund's transaction, and again when the original is issued, so a refund that crossed an
 * invoice being written or stamped is caught by whichever runs second.
 */
export const JOB_CREDIT_NOTES_OWED = "invoicing.credit-notes-owed";
export const JOB_ISSUE_CREDIT_NOTE = "invoicing.issue-credit-note";

export type OwedCheck = { chargeId: string } | { invoiceId: string } | { globalInvoiceId: string };

/** A concept's words on a credit note: what is given back, and of what. */
const REFUND_WORD = "Devolución";
const DESCRIPTION_LIMIT = 1000;

/** In the refund's own transaction: the check is written with it, so it runs once the refund is settled. */
async function checkAfterRefund(tx: Tx, refund: PaymentRow, charge: PaymentRow): Promise<void> {
  if (charge.currency !== "mxn" || charge.kind !== "charge") return;
  await enqueue(tx, JOB_CREDIT_NOTES_OWED, { chargeId: charge.id }, { dedupeKey: `credit-notes-owed:${refund.id}` });
}

export function registerCreditNoteChecks(db: Db, jobs: Pick<JobRunner, "register">): void {
  onRefundSucceeded(checkAfterRefund);
  jobs.register(JOB_CREDIT_NOTES_OWED, async (payload) => {
    await recordOwedCreditNotes(db, payload as OwedCheck);
  });
}

/**
 * When an invoice or a global invoice is issued, in that transaction: if a payment on it was
 * refunded already, the check runs for it (a driver's invoice claims the whole charge).
 */
export async function checkCreditNotesOnIssue(
  tx: Executor,
  original: { kind: "invoice" | "global"; id: string },
): Promise<void> {
  if ((await listRefundedChargesOf(tx, original)).length === 0) return;
  const payload: Record<string, string> =
    original.kind === "invoice" ? { invoiceId: original.id } : { globalInvoiceId: original.id };
  await enqueue(tx, JOB_CREDIT_NOTES_OWED, payload, { dedupeKey: `credit-notes-owed:${original.id}` });
}

/** Records the credit notes owed for a charge, or for every refunded charge of an original; answers their ids. */
export async function recordOwedCreditNotes(db: Db, check: OwedCheck): Promise<string[]> {
  const chargeIds =
    "chargeId" in check
      ? [check.chargeId]
      : await listRefundedChargesOf(
          db,
          "invoiceId" in check
            ? { kind: "invoice", id: check.invoiceId }
            : { kind: "global", id: check.globalInvoiceId },
        );
  const made: string[] = [];
  for (const chargeId of chargeIds) made.push(...(await recordOwedCreditNotesOfCharge(db, chargeId)));
  return made;
}

/**
 * What `refunded` minor units of a charge carry of its IVA, in the charge's own proportion and
 * rounded once on what is left — as the global invoice nets a refund (decision 0293) — so the
 * credit notes of a charge and what its line claims add up to its IVA to the cent.
 */
export const taxOfRefunded = (charge: { amount: number; tax: number }, refunded: number): number =>
  charge.tax - Math.round((charge.tax * (charge.amount - refunded)) / charge.amount);

async function recordOwedCreditNotesOfCharge(db: Db, chargeId: string): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    // The charge's row lock: checks of one charge run one at a time (the ledger locks it before its refunds too).
    const charge = await tx
      .selectFrom("payments")
      .select("id")
      .where("id", "=", chargeId)
      .$call(forUpdate(tx))
      .executeTakeFirst();
    const coverage = charge && (await findChargeCoverage(tx, chargeId));
    // Not on a CFDI, or its CFDI is not issued yet (its issue checks again) or failed: nothing to relate to.
    if (coverage?.status !== "issued") return [];
    const amounts = await findCharge(tx, chargeId);
    if (!amounts || amounts.amount <= 0) return [];
    const netted = amounts.amount - coverage.total;
    const made: string[] = [];
    let refundedSoFar = 0;
    for (const refund of await listSucceededRefunds(tx, chargeId)) {
      const before = refundedSoFar;
      refundedSoFar += refund.amount;
      if (refundedSoFar <= netted || refund.credit_note_id) continue;
      const from = Math.max(before, netted);
      const total = refundedSoFar - from;
      const tax = taxOfRefunded(amounts, refundedSoFar) - taxOfRefunded(amounts, from);
      made.push(await writeCreditNote(tx, coverage, { refundId: refund.id, chargeId, total, tax }));
    }
    return made;
  });
}

async function paymentFormOfOriginal(tx: Tx, coverage: ChargeCoverage): Promise<string> {
  if (coverage.kind === "global") return (await findGlobalInvoice(tx, coverage.invoice_id))?.payment_form ?? "04";
  return paymentFormOfLines(await listInvoiceLines(tx, [coverage.invoice_id]));
}

async function writeCreditNote(
  tx: Tx,
  coverage: ChargeCoverage,
  refund: { refundId: string; chargeId: string; total: number; tax: number },
): Promise<string> {
  const numbered = await takeNextFolio(tx, coverage.organisation_id);
  if (!numbered) throw new Error(`organisation ${coverage.organisation_id} has no issuer`);
  const id = newId();
  const now = nowIso();
  const description = coverage.description ? `${REFUND_WORD} · ${coverage.description}` : REFUND_WORD;
  await insertCreditNote(tx, {
    id,
    organisation_id: coverage.organisation_id,
    refund_payment_id: refund.refundId,
    charge_payment_id: refund.chargeId,
    invoice_id: coverage.kind === "invoice" ? coverage.invoice_id : null,
    global_invoice_id: coverage.kind === "global" ? coverage.invoice_id : null,
    status: "issuing",
    series: numbered.issuer.series,
    folio: numbered.folio,
    description: description.slice(0, DESCRIPTION_LIMIT),
    base: refund.total - refund.tax,
    tax: refund.tax,
    tax_rate_bp: coverage.tax_rate_bp,
    total: refund.total,
    payment_form: await paymentFormOfOriginal(tx, coverage),
    ...notYetIssuedColumns,
    created_at: now,
    updated_at: now,
  });
  await enqueueCreditNoteIssue(tx, id);
  return id;
}

export const enqueueCreditNoteIssue = (tx: Executor, creditNoteId: string) =>
  enqueue(
    tx,
    JOB_ISSUE_CREDIT_NOTE,
    { creditNoteId },
    { dedupeKey: `credit-note-issue:${creditNoteId}`, maxAttempts: MAX_ISSUE_ATTEMPTS },
  );
