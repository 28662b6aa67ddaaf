import type { Invoice } from "@estaciona/contracts/schemas/invoicing";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { recordAudit } from "../operator/audit.ts";
import type { OperatorScope } from "../operator/scope.ts";
import { presentInvoice, presentInvoices, requireInvoice } from "./presenting.ts";
import { findInvoiceById, listInvoicesByStatus, releaseInvoicePayments, updateInvoiceIfStatus } from "./repository.ts";
import { enqueueIssue } from "./requests.ts";

/** The operator's organisation's requests waiting for approval (docs/product/operators.md: never another organisation's). */
export async function listPendingInvoices(db: Executor, scope: OperatorScope): Promise<Invoice[]> {
  return presentInvoices(db, await listInvoicesByStatus(db, scope.organisationId, "pending_approval"));
}

/**
 * Moves a pending request on: approval hands it to the issuing job, rejection lets go of its
 * payments. A request already approved (issuing or issued) answers `invoice_already_approved`.
 */
async function review(
  db: Executor,
  scope: OperatorScope,
  invoiceId: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<Invoice> {
  const reviewerId = scope.userId;
  await db.transaction().execute(async (tx) => {
    const invoice = await findInvoiceById(tx, invoiceId, { lock: true });
    if (invoice?.organisation_id !== scope.organisationId) throw new AppError("object_not_found");
    if (invoice.status === "issuing" || invoice.status === "issued") throw new AppError("invoice_already_approved");
    if (invoice.status !== "pending_approval") throw new AppError("action_not_available");
    const now = nowIso();
    const reviewed = { reviewed_by: reviewerId, reviewed_at: now, updated_at: now };
    if (decision.approve) {
      await updateInvoiceIfStatus(tx, invoiceId, "pending_approval", { status: "issuing", ...reviewed });
      await enqueueIssue(tx, invoiceId);
    } else {
      await updateInvoiceIfStatus(tx, invoiceId, "pending_approval", {
        status: "rejected",
        review_note: decision.reason,
        ...reviewed,
      });
      await releaseInvoicePayments(tx, invoiceId);
    }
    await recordAudit(tx, scope, {
      action: decision.approve ? "invoice.approve" : "invoice.reject",
      subject: { type: "invoice", id: invoiceId },
      before: { status: invoice.status },
      after: decision.approve ? { status: "issuing" } : { status: "rejected", reason: decision.reason },
    });
  });
  return presentInvoice(db, await requireInvoice(db, invoiceId));
}

export const approveInvoice = (db: Executor, scope: OperatorScope, invoiceId: string) =>
  review(db, scope, invoiceId, { approve: true });

export const rejectInvoice = (db: Executor, scope: OperatorScope, invoiceId: string, reason: string) =>
  review(db, scope, invoiceId, { approve: false, reason });
