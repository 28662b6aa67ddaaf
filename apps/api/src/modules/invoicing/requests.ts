import { dateIn } from "@estaciona/contracts/periods";
import type { Invoice } from "@estaciona/contracts/schemas/invoicing";
import { type Executor, isUniqueViolation } from "../../db/database.ts";
import type { NewRow } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import { conceptDescription } from "./cfdi.ts";
import { paymentsOnGlobalInvoices } from "./global-repository.ts";
import { baseOf, DAY_MS, refusal } from "./invoiceable.ts";
import { JOB_ISSUE_INVOICE, MAX_ISSUE_ATTEMPTS } from "./issuing.ts";
import { groupBy, presentInvoice, requireInvoice } from "./presenting.ts";
import { notYetIssuedColumns } from "./provider.ts";
import {
  type ChargeWithLocation,
  findChargeWithLocation,
  insertInvoice,
  listChargesWithLocation,
  paymentFormOf,
  type TaxProfileRow,
  takeNextFolio,
} from "./repository.ts";
import { requireTaxProfile } from "./tax-profiles.ts";

/** A driver's invoice requests: one payment, or a month's per issuer (docs/decisions/0035). */

/** Invoices one payment. A second request for it answers the invoice the first one made. */
export async function requestInvoice(
  db: Executor,
  userId: string,
  request: { payment_uuid: string; tax_profile_uuid: string },
): Promise<Invoice> {
  const charge = await findChargeWithLocation(db, userId, request.payment_uuid);
  if (!charge) throw new AppError("object_not_found");
  if (charge.invoice_id) return presentInvoice(db, await requireInvoice(db, charge.invoice_id));
  const refused = refusal(charge, Date.now());
  if (refused) throw refused;
  const profile = await requireTaxProfile(db, userId, request.tax_profile_uuid);
  try {
    const invoiceId = await createInvoice(db, userId, profile, [charge], "single");
    return presentInvoice(db, await requireInvoice(db, invoiceId));
  } catch (error) {
    // A parallel request for the same payment won the unique index: answer its invoice.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findChargeWithLocation(db, userId, request.payment_uuid);
    if (!winner?.invoice_id) throw error;
    return presentInvoice(db, await requireInvoice(db, winner.invoice_id));
  }
}

/**
 * One invoice per issuer for every payment of a calendar month that can still be invoiced and is
 * not on an invoice yet. The month is the lot's: a stay paid at 19:00 on 31 October in Monterrey
 * (01:00 UTC on 1 November) belongs to October.
 */
export async function requestMonthlyInvoice(
  db: Executor,
  userId: string,
  request: { month: string; tax_profile_uuid: string },
): Promise<Invoice[]> {
  const profile = await requireTaxProfile(db, userId, request.tax_profile_uuid);
  // Every time zone's month starts within a day of UTC's.
  const since = new Date(Date.parse(`${request.month}-01T00:00:00.000Z`) - DAY_MS).toISOString();
  const now = Date.now();
  const charges = (await listChargesWithLocation(db, userId, since)).filter(
    (charge) =>
      dateIn(charge.time_zone, Date.parse(charge.paid_at)).slice(0, 7) === request.month &&
      charge.invoice_id === null &&
      refusal(charge, now) === null,
  );
  if (charges.length === 0) throw new AppError("invoice_not_available");
  const byIssuer = groupBy(charges, (charge) => charge.organisation_id);
  const invoiceIds: string[] = [];
  for (const group of byIssuer.values()) invoiceIds.push(await createInvoice(db, userId, profile, group, "monthly"));
  return Promise.all(invoiceIds.map(async (id) => presentInvoice(db, await requireInvoice(db, id))));
}

/**
 * Writes the invoice with the next folio of its issuer, the receiver as the profile says today,
 * and its payments (a unique index keeps each on one live invoice). Without approval the issuing
 * job is enqueued in the same transaction.
 */
async function createInvoice(
  db: Executor,
  userId: string,
  profile: TaxProfileRow,
  charges: ChargeWithLocation[],
  kind: "single" | "monthly",
): Promise<string> {
  const [first] = charges;
  if (!first) throw new AppError("invoice_not_available");
  const id = newId();
  await db.transaction().execute(async (tx) => {
    const numbered = await takeNextFolio(tx, first.organisation_id);
    if (!numbered) throw new AppError("invoice_not_available");
    const { issuer, folio } = numbered;
    // Under the issuer's lock, which the global invoice's collection takes too: a sale it took is not the driver's any more.
    const onGlobal = await paymentsOnGlobalInvoices(
      tx,
      charges.map((charge) => charge.payment_id),
    );
    if (onGlobal.size > 0) throw new AppError("invoice_not_available_date");
    const now = nowIso();
    const needsApproval = charges.some((charge) => charge.invoicing === "approval");
    const lines: NewRow<"invoice_payments">[] = charges.map((charge) => ({
      invoice_id: id,
      payment_id: charge.payment_id,
      location_id: charge.location_id,
      description: conceptDescription(charge),
      base: baseOf(charge),
      tax: charge.tax,
      tax_rate_bp: charge.tax_rate_bp,
      total: charge.amount,
      paid_at: charge.paid_at,
      payment_form: paymentFormOf(charge),
    }));
    const subtotal = lines.reduce((sum, line) => sum + line.base, 0);
    const tax = lines.reduce((sum, line) => sum + line.tax, 0);
    await insertInvoice(
      tx,
      {
        id,
        user_id: userId,
        organisation_id: first.organisation_id,
        tax_profile_id: profile.id,
        kind,
        status: needsApproval ? "pending_approval" : "issuing",
        series: issuer.series,
        folio,
        issuer_rfc: issuer.rfc,
        issuer_name: issuer.legal_name,
        issuer_regime: issuer.tax_regime,
        issuer_postal_code: issuer.postal_code,
        receiver_rfc: profile.rfc,
        receiver_name: profile.legal_name,
        receiver_regime: profile.tax_regime,
        receiver_postal_code: profile.postal_code,
        receiver_email: profile.email,
        cfdi_use: profile.cfdi_use,
        currency: first.currency,
        subtotal,
        tax,
        total: subtotal + tax,
        ...notYetIssuedColumns,
        reviewed_by: null,
        reviewed_at: null,
        review_note: null,
        created_at: now,
        updated_at: now,
      },
      lines,
    );
    if (!needsApproval) await enqueueIssue(tx, id);
  });
  return id;
}

export const enqueueIssue = (tx: Executor, invoiceId: string) =>
  enqueue(
    tx,
    JOB_ISSUE_INVOICE,
    { invoiceId },
    { dedupeKey: `invoice-issue:${invoiceId}`, maxAttempts: MAX_ISSUE_ATTEMPTS },
  );
