import type { CreditNote, InvoiceFile } from "@estaciona/contracts/schemas/invoicing";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { recordAudit } from "../operator/audit.ts";
import { assertWholeOrganisation, type OperatorScope } from "../operator/scope.ts";
import {
  type CreditNoteWithOriginal,
  findCreditNoteWithOriginal,
  listCreditNotesOf,
  listCreditNotesOfOrganisation,
  updateCreditNoteIfStatus,
} from "./credit-note-repository.ts";
import { enqueueCreditNoteIssue } from "./credit-notes.ts";

/** Credit notes as the console and the driver read them, their files, and sending a failed one again (docs/decisions/0308). */

export function presentCreditNote(row: NonNullable<CreditNoteWithOriginal>): CreditNote {
  return {
    uuid: row.id,
    status: row.status,
    series: row.series,
    folio: row.folio,
    stamped: row.stamped === 1,
    cfdi_uuid: row.cfdi_uuid,
    payment_uuid: row.charge_payment_id,
    refund_uuid: row.refund_payment_id,
    related_number: `${row.related_series ?? ""}-${row.related_folio ?? ""}`,
    related_cfdi_uuid: row.related_cfdi_uuid ?? null,
    invoice_uuid: row.invoice_id,
    global_invoice_uuid: row.global_invoice_id,
    subtotal: row.base,
    tax: row.tax,
    total: row.total,
    currency: "mxn",
    created_at: row.created_at,
    issued_at: row.issued_at,
  };
}

/** The credit notes of some invoices (or global invoices), by the id of the CFDI each corrects. */
export async function creditNotesByOriginal(
  db: Executor,
  column: "invoice_id" | "global_invoice_id",
  ids: readonly string[],
): Promise<Map<string, CreditNote[]>> {
  const byOriginal = new Map<string, CreditNote[]>();
  if (ids.length === 0) return byOriginal;
  for (const row of await listCreditNotesOf(db, column, ids)) {
    const key = row[column] ?? "";
    byOriginal.set(key, [...(byOriginal.get(key) ?? []), presentCreditNote(row)]);
  }
  return byOriginal;
}

/** The organisation's credit notes: drivers' and the general public's alike, so a staff member limited to some locations is refused. */
export async function listCreditNotes(db: Executor, scope: OperatorScope): Promise<CreditNote[]> {
  assertWholeOrganisation(scope);
  return (await listCreditNotesOfOrganisation(db, scope.organisationId)).map(presentCreditNote);
}

async function creditNoteOfOrganisation(db: Executor, scope: OperatorScope, id: string) {
  assertWholeOrganisation(scope);
  const note = await findCreditNoteWithOriginal(db, id);
  if (note?.organisation_id !== scope.organisationId) throw new AppError("object_not_found");
  return note;
}

/** A failed credit note goes to the provider again (its id stays the idempotency key); any other answers `action_not_available`. */
export async function retryCreditNote(db: Executor, scope: OperatorScope, id: string): Promise<CreditNote> {
  await creditNoteOfOrganisation(db, scope, id);
  await db.transaction().execute(async (tx) => {
    const moved = await updateCreditNoteIfStatus(tx, id, "failed", {
      status: "issuing",
      failure_code: null,
      updated_at: nowIso(),
    });
    // Only a failed note goes again: one being issued or issued already is left as it is.
    if (!moved) throw new AppError("action_not_available", { status: 409 });
    await enqueueCreditNoteIssue(tx, id);
    await recordAudit(tx, scope, {
      action: "credit_note.retry",
      subject: { type: "credit_note", id },
      before: { status: "failed" },
      after: { status: "issuing" },
    });
  });
  return presentCreditNote(await creditNoteOfOrganisation(db, scope, id));
}

function fileOf(note: NonNullable<CreditNoteWithOriginal>, format: "xml" | "pdf"): InvoiceFile {
  const base64 = format === "xml" ? note.xml && Buffer.from(note.xml, "utf8").toString("base64") : note.pdf_base64;
  if (note.status !== "issued" || !base64) throw new AppError("file_not_found");
  return {
    filename: `nota-de-credito-${note.series}${note.folio}.${format}`,
    content_type: format === "xml" ? "application/xml" : "application/pdf",
    base64,
  };
}

export async function creditNoteFileForOperator(db: Executor, scope: OperatorScope, id: string, format: "xml" | "pdf") {
  return fileOf(await creditNoteOfOrganisation(db, scope, id), format);
}

/** A driver reads the credit notes of their own invoices only. */
export async function creditNoteFileForDriver(db: Executor, userId: string, id: string, format: "xml" | "pdf") {
  const note = await findCreditNoteWithOriginal(db, id);
  if (!note || note.user_id !== userId) throw new AppError("object_not_found");
  return fileOf(note, format);
}
