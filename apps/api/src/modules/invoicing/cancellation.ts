import type { Invoice } from "@estaciona/contracts/schemas/invoicing";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { recordAudit } from "../operator/audit.ts";
import type { OperatorScope } from "../operator/scope.ts";
import { presentInvoice, requireInvoice } from "./presenting.ts";
import { type InvoiceProvider, InvoiceProviderError } from "./provider.ts";
import { releaseInvoicePayments, updateInvoiceIfStatus } from "./repository.ts";

/**
 * Cancels an issued invoice at the provider that issued it (a wrong receiver, a payment refunded)
 * and lets go of its payments, so a corrected one can be requested. Only `issued` invoices cancel;
 * a provider that does not answer leaves the invoice issued (`action_not_available`, 503).
 */
export async function cancelInvoice(
  db: Executor,
  provider: InvoiceProvider,
  scope: OperatorScope,
  invoiceId: string,
): Promise<Invoice> {
  const invoice = await requireInvoice(db, invoiceId);
  // Another organisation's invoice answers as if it did not exist (decision 0041).
  if (invoice.organisation_id !== scope.organisationId) throw new AppError("object_not_found");
  if (invoice.status !== "issued" || !invoice.provider_ref) throw new AppError("action_not_available");
  if (invoice.provider !== provider.name)
    throw new AppError("action_not_available", { detail: `issued by ${invoice.provider}, not ${provider.name}` });
  try {
    await provider.cancel(invoice.provider_ref);
  } catch (error) {
    if (!(error instanceof InvoiceProviderError)) throw error;
    throw new AppError("action_not_available", { status: 503, detail: error.message, cause: error });
  }
  await db.transaction().execute(async (tx) => {
    const now = nowIso();
    const cancelled = await updateInvoiceIfStatus(tx, invoiceId, "issued", {
      status: "cancelled",
      reviewed_by: scope.userId,
      reviewed_at: now,
      updated_at: now,
    });
    if (!cancelled) return;
    await releaseInvoicePayments(tx, invoiceId);
    await recordAudit(tx, scope, {
      action: "invoice.cancel",
      subject: { type: "invoice", id: invoiceId },
      before: { status: "issued" },
      after: { status: "cancelled" },
    });
  });
  return presentInvoice(db, await requireInvoice(db, invoiceId));
}
