import type { Locale } from "@estaciona/contracts";
import { dateIn } from "@estaciona/contracts/periods";
import { legalNameForCfdi, personTypeOfRfc } from "@estaciona/contracts/sat";
import type {
  Invoice,
  InvoiceablePayment,
  InvoiceFile,
  TaxProfile,
  taxProfileBody,
} from "@estaciona/contracts/schemas/invoicing";
import type { z } from "zod";
import { type Executor, isUniqueViolation } from "../../db/database.ts";
import type { NewRow } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import { recordAudit } from "../operator/audit.ts";
import type { OperatorScope } from "../operator/scope.ts";
import { paymentLine } from "../receipts/kinds.ts";
import { lockActiveUser } from "../users/repository.ts";
import { JOB_ISSUE_INVOICE, MAX_ISSUE_ATTEMPTS } from "./issuing.ts";
import { type InvoiceProvider, InvoiceProviderError } from "./provider.ts";
import {
  type ChargeWithLocation,
  clearDefaultTaxProfile,
  findChargeWithLocation,
  findInvoiceById,
  findInvoiceOfUser,
  findTaxProfileOfUser,
  type InvoiceRow,
  insertInvoice,
  insertTaxProfile,
  listChargesWithLocation,
  listInvoiceLines,
  listInvoicesByStatus,
  listInvoicesOfUser,
  listTaxProfilesOfUser,
  releaseInvoicePayments,
  type TaxProfileRow,
  takeNextFolio,
  updateInvoiceIfStatus,
  updateTaxProfile,
} from "./repository.ts";

/** Fiscal profiles and invoice requests (docs/product/invoicing-account-contact.md, docs/decisions/0035). */

type ProfileInput = z.output<typeof taxProfileBody>;
const DAY_MS = 86_400_000;

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}
/** No location keeps its invoice window open longer than a fiscal year. */
const LONGEST_WINDOW_DAYS = 366;

// Fiscal profiles ------------------------------------------------------------------------------

export const toTaxProfile = (row: TaxProfileRow): TaxProfile => ({
  uuid: row.id,
  rfc: row.rfc,
  legal_name: row.legal_name,
  tax_regime: row.tax_regime,
  cfdi_use: row.cfdi_use,
  postal_code: row.postal_code,
  email: row.email,
  is_default: row.is_default === 1,
  created_at: row.created_at,
});

const profileColumns = (input: ProfileInput) => ({
  rfc: input.rfc,
  legal_name: legalNameForCfdi(input.legal_name, personTypeOfRfc(input.rfc)),
  tax_regime: input.tax_regime,
  cfdi_use: input.cfdi_use,
  postal_code: input.postal_code,
  email: input.email,
});

export async function listTaxProfiles(db: Executor, userId: string): Promise<TaxProfile[]> {
  return (await listTaxProfilesOfUser(db, userId)).map(toTaxProfile);
}

/** Saves a profile; the driver's first one, or one asked to be, becomes the default. */
export async function createTaxProfile(db: Executor, userId: string, input: ProfileInput): Promise<TaxProfile> {
  const id = newId();
  await db.transaction().execute(async (tx) => {
    if (!(await lockActiveUser(tx, userId))) throw new AppError("authentication_error");
    const now = nowIso();
    const isFirst = (await listTaxProfilesOfUser(tx, userId)).length === 0;
    const isDefault = isFirst || input.is_default === true;
    if (isDefault) await clearDefaultTaxProfile(tx, userId, now);
    await insertTaxProfile(tx, {
      id,
      user_id: userId,
      ...profileColumns(input),
      is_default: isDefault ? 1 : 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
  });
  return toTaxProfile(await requireTaxProfile(db, userId, id));
}

export async function editTaxProfile(
  db: Executor,
  userId: string,
  profileId: string,
  input: ProfileInput,
): Promise<TaxProfile> {
  await db.transaction().execute(async (tx) => {
    if (!(await lockActiveUser(tx, userId))) throw new AppError("authentication_error");
    const profile = await requireTaxProfile(tx, userId, profileId);
    const now = nowIso();
    const makeDefault = input.is_default === true && profile.is_default === 0;
    if (makeDefault) await clearDefaultTaxProfile(tx, userId, now);
    await updateTaxProfile(tx, profileId, {
      ...profileColumns(input),
      ...(makeDefault ? { is_default: 1 } : {}),
      updated_at: now,
    });
  });
  return toTaxProfile(await requireTaxProfile(db, userId, profileId));
}

/** Removes a profile; when it was the default, the oldest remaining one takes its place. */
export async function removeTaxProfile(db: Executor, userId: string, profileId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (!(await lockActiveUser(tx, userId))) throw new AppError("authentication_error");
    const profile = await requireTaxProfile(tx, userId, profileId);
    const now = nowIso();
    await updateTaxProfile(tx, profileId, { is_default: 0, deleted_at: now, updated_at: now });
    const [next] = await listTaxProfilesOfUser(tx, userId);
    if (profile.is_default === 1 && next) await updateTaxProfile(tx, next.id, { is_default: 1, updated_at: now });
  });
}

async function requireTaxProfile(db: Executor, userId: string, profileId: string): Promise<TaxProfileRow> {
  const profile = await findTaxProfileOfUser(db, userId, profileId);
  if (!profile) throw new AppError("object_not_found");
  return profile;
}

// What can be invoiced ---------------------------------------------------------------------------

const deadlineOf = (charge: Pick<ChargeWithLocation, "paid_at" | "invoice_window_days">): string =>
  new Date(Date.parse(charge.paid_at) + charge.invoice_window_days * DAY_MS).toISOString();

/** The base before tax of a charge: what the CFDI's concept is worth. */
const baseOf = (charge: ChargeWithLocation): number => charge.subtotal + charge.convenience_fee + charge.processing_fee;

/**
 * Why a charge cannot be invoiced, or null: only Mexican locations that invoice, an amount above
 * zero, no discount where the location does not invoice discounted payments, inside the
 * location's invoice window (docs/product/calls-and-errors.md's codes).
 */
function refusal(charge: ChargeWithLocation, now: number): AppError | null {
  if (charge.country !== "mx" || charge.currency !== "mxn" || charge.invoicing === "none")
    return new AppError("invoice_not_available");
  if (charge.amount <= 0 || baseOf(charge) <= 0) return new AppError("invalid_invoice_amount");
  if (charge.discount > 0 && charge.invoice_discounted === 0)
    return new AppError("invoice_with_discount_not_available");
  if (Date.parse(deadlineOf(charge)) < now) return new AppError("invoice_not_available_date");
  return null;
}

export async function listInvoiceablePayments(
  db: Executor,
  userId: string,
  locale: Locale,
): Promise<InvoiceablePayment[]> {
  const now = Date.now();
  const charges = await listChargesWithLocation(db, userId, new Date(now - LONGEST_WINDOW_DAYS * DAY_MS).toISOString());
  const invoiceable = charges.filter((charge) => refusal(charge, now) === null);
  return Promise.all(
    invoiceable.map(async (charge) => ({
      payment_uuid: charge.payment_id,
      description: charge.description,
      line: await paymentLine(db, locale, {
        payable_type: charge.payable_type,
        payable_id: charge.payable_id,
        created_at: charge.paid_at,
        location: { name: charge.location_name, short_name: charge.location_short_name, time_zone: charge.time_zone },
      }),
      location_name: charge.location_name,
      paid_at: charge.paid_at,
      invoice_deadline: deadlineOf(charge),
      subtotal: baseOf(charge),
      tax: charge.tax,
      total: charge.amount,
      currency: charge.currency,
      invoice_uuid: charge.invoice_id,
    })),
  );
}

// Requests ---------------------------------------------------------------------------------------

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
    const now = nowIso();
    const needsApproval = charges.some((charge) => charge.invoicing === "approval");
    const lines: NewRow<"invoice_payments">[] = charges.map((charge) => ({
      invoice_id: id,
      payment_id: charge.payment_id,
      location_id: charge.location_id,
      description: `${charge.description} · ${charge.location_name}`,
      base: baseOf(charge),
      tax: charge.tax,
      tax_rate_bp: charge.tax_rate_bp,
      total: charge.amount,
      paid_at: charge.paid_at,
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
        provider: "pending",
        provider_ref: null,
        cfdi_uuid: null,
        stamped: 0,
        xml: null,
        pdf_base64: null,
        failure_code: null,
        reviewed_by: null,
        reviewed_at: null,
        review_note: null,
        issued_at: null,
        created_at: now,
        updated_at: now,
      },
      lines,
    );
    if (!needsApproval) await enqueueIssue(tx, id);
  });
  return id;
}

const enqueueIssue = (tx: Executor, invoiceId: string) =>
  enqueue(
    tx,
    JOB_ISSUE_INVOICE,
    { invoiceId },
    { dedupeKey: `invoice-issue:${invoiceId}`, maxAttempts: MAX_ISSUE_ATTEMPTS },
  );

// Reading ------------------------------------------------------------------------------------------

async function requireInvoice(db: Executor, invoiceId: string): Promise<InvoiceRow> {
  const invoice = await findInvoiceById(db, invoiceId);
  if (!invoice) throw new AppError("object_not_found");
  return invoice;
}

async function requireInvoiceOfUser(db: Executor, userId: string, invoiceId: string): Promise<InvoiceRow> {
  const invoice = await findInvoiceOfUser(db, userId, invoiceId);
  if (!invoice) throw new AppError("object_not_found");
  return invoice;
}

async function presentInvoices(db: Executor, rows: InvoiceRow[]): Promise<Invoice[]> {
  const lines = groupBy(
    await listInvoiceLines(
      db,
      rows.map((row) => row.id),
    ),
    (line) => line.invoice_id,
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
  }));
}

async function presentInvoice(db: Executor, row: InvoiceRow): Promise<Invoice> {
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

// Operator approval ---------------------------------------------------------------------------------

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
