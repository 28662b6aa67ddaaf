import type { Invoice } from "@estaciona/contracts/schemas/invoicing";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import { JobRetryLater, type JobRunner } from "../jobs/worker.ts";
import { recordAudit } from "../operator/audit.ts";
import type { OperatorScope } from "../operator/scope.ts";
import { presentInvoice, requireInvoice } from "./presenting.ts";
import { type CancellationStatus, type InvoiceProvider, InvoiceProviderError } from "./provider.ts";
import {
  findInvoiceById,
  findInvoiceByProviderRef,
  type InvoiceRow,
  releaseInvoicePayments,
  updateInvoiceIfStatus,
} from "./repository.ts";

/**
 * Cancelling an issued CFDI (docs/decisions/0162). Under the SAT's scheme since 2022 a
 * cancellation can need the receiver's acceptance: Facturapi answers `accepted` at once, or
 * `verifying` / `pending` and later `accepted`, `rejected` or `expired`. The invoice stays
 * `issued` — and its payments stay on it — until the cancellation is accepted; only then may a
 * payment be invoiced again, so two valid CFDIs never cover one payment.
 */
export const JOB_FOLLOW_CANCELLATION = "invoicing.follow-cancellation";
/** How often an open cancellation is read again; the SAT gives the receiver 72 hours to answer. */
const FOLLOW_EVERY_SECONDS = 3600;

const OPEN: readonly CancellationStatus[] = ["verifying", "pending"];

interface CancellationDeps {
  db: Executor;
  providers: { invoicing: InvoiceProvider };
}

/**
 * An operator asks for an issued invoice's cancellation at the provider that issued it. A request
 * already open answers the invoice as it stands; a provider that does not answer leaves it as it
 * was (`action_not_available`, 503).
 */
export async function cancelInvoice(deps: CancellationDeps, scope: OperatorScope, invoiceId: string): Promise<Invoice> {
  const { db, providers } = deps;
  const invoice = await requireInvoice(db, invoiceId);
  // Another organisation's invoice answers as if it did not exist (decision 0041).
  if (invoice.organisation_id !== scope.organisationId) throw new AppError("object_not_found");
  if (invoice.status !== "issued" || !invoice.provider_ref) throw new AppError("action_not_available");
  if (invoice.cancellation_status && OPEN.includes(invoice.cancellation_status)) return presentInvoice(db, invoice);
  if (invoice.provider !== providers.invoicing.name)
    throw new AppError("action_not_available", {
      detail: `issued by ${invoice.provider}, not ${providers.invoicing.name}`,
    });
  let status: CancellationStatus;
  try {
    status = await providers.invoicing.cancel(invoice.provider_ref);
  } catch (error) {
    if (!(error instanceof InvoiceProviderError)) throw error;
    throw new AppError("action_not_available", { status: 503, detail: error.message, cause: error });
  }
  await db.transaction().execute(async (tx) => {
    await recordCancellation(tx, invoice, status);
    await recordAudit(tx, scope, {
      action: "invoice.cancel",
      subject: { type: "invoice", id: invoiceId },
      before: { status: "issued" },
      after: { status: status === "accepted" ? "cancelled" : "issued", cancellation_status: status },
    });
    if (OPEN.includes(status))
      await enqueue(tx, JOB_FOLLOW_CANCELLATION, { invoiceId }, { dedupeKey: `invoice-cancel:${invoiceId}` });
  });
  return presentInvoice(db, await requireInvoice(db, invoiceId));
}

/** Writes where a cancellation stands; accepted cancels the invoice and lets go of its payments. */
async function recordCancellation(tx: Executor, invoice: InvoiceRow, status: CancellationStatus): Promise<void> {
  const now = nowIso();
  // `none` after a request: the provider has not registered it yet; it is still being verified.
  const recorded = status === "none" ? "verifying" : status;
  const moved = await updateInvoiceIfStatus(tx, invoice.id, "issued", {
    ...(recorded === "accepted" ? { status: "cancelled" } : {}),
    cancellation_status: recorded,
    updated_at: now,
  });
  if (moved && recorded === "accepted") await releaseInvoicePayments(tx, invoice.id);
}

/** The job that reads an open cancellation again until the SAT or the receiver settles it. */
export function registerCancellationJobs(deps: CancellationDeps & { db: Executor }, jobs: JobRunner): void {
  jobs.register(JOB_FOLLOW_CANCELLATION, async (payload) => {
    const { invoiceId } = payload as { invoiceId: string };
    const invoice = await findInvoiceById(deps.db, invoiceId);
    if (invoice?.status !== "issued" || !invoice.provider_ref) return;
    if (!invoice.cancellation_status || !OPEN.includes(invoice.cancellation_status)) return;
    if ((await readCancellation(deps, invoice)) === "open") throw new JobRetryLater(FOLLOW_EVERY_SECONDS);
  });
}

/**
 * Where the provider says an issued invoice's cancellation stands, recorded when it moved. A
 * provider that cannot answer now asks again later (the follow job's hour).
 */
async function readCancellation(deps: CancellationDeps, invoice: InvoiceRow): Promise<"open" | "settled"> {
  let status: CancellationStatus;
  try {
    status = await deps.providers.invoicing.cancellationStatus(invoice.provider_ref ?? "");
  } catch (error) {
    if (error instanceof InvoiceProviderError && error.retryable) throw new JobRetryLater(FOLLOW_EVERY_SECONDS);
    throw error;
  }
  // `none` on an invoice nobody asked to cancel is no news.
  const asked = invoice.cancellation_status !== null;
  if (status !== invoice.cancellation_status && (asked || status !== "none"))
    await deps.db.transaction().execute((tx) => recordCancellation(tx, invoice, status));
  return OPEN.includes(status) || (asked && status === "none") ? "open" : "settled";
}

/**
 * A Facturapi event about one of its invoices (docs/decisions/0208): only a hint. The invoice is
 * read back from Facturapi and its cancellation recorded as the follow job would, so a late,
 * repeated or forged-but-signed event can only confirm what Facturapi says now — including a
 * cancellation made in Facturapi's dashboard. `unmatched`: no invoice of ours has that id.
 */
export async function applyInvoiceHint(deps: CancellationDeps, providerRef: string): Promise<"applied" | "unmatched"> {
  const invoice = await findInvoiceByProviderRef(deps.db, deps.providers.invoicing.name, providerRef);
  if (!invoice) return "unmatched";
  if (invoice.status === "issued") await readCancellation(deps, invoice);
  return "applied";
}
