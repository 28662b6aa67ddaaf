import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.ts";
import type { GlobalPeriodicity, NewRow } from "../../db/schema.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import type { JobContext, JobRunner } from "../jobs/worker.ts";
import { type CfdiDocument, GLOBAL_LINE_DESCRIPTION, generalPublic } from "./cfdi.ts";
import { checkCreditNotesOnIssue } from "./credit-notes.ts";
import {
  GLOBAL_INVOICE_TIME_ZONE,
  type GlobalPeriod,
  periodBounds,
  periodsDue,
  SAT_PERIODICITY,
} from "./global-periods.ts";
import {
  findGlobalInvoice,
  findGlobalInvoiceOfPeriod,
  insertGlobalInvoice,
  listGlobalInvoiceLines,
  listIssuerPeriodicities,
  listUninvoicedSales,
  lockIssuer,
  markSweptThrough,
  type UninvoicedSale,
  updateGlobalInvoiceIfStatus,
} from "./global-repository.ts";
import { cfdiDate, MAX_ISSUE_ATTEMPTS, paymentFormOfLines } from "./issuing.ts";
import { finalIssueFailure, type InvoiceProvider, issuedColumns, notYetIssuedColumns } from "./provider.ts";
import { paymentFormOf, takeNextFolio } from "./repository.ts";

/**
 * The global invoice (docs/decisions/0293): a day after each period closes on Mexico City's clock,
 * every organisation's Mexican sales of the period that no driver invoiced go on one CFDI to the
 * general public, issued by the same provider as drivers' invoices. Every worker sweeps; the
 * issuer's row lock and a unique (organisation, period) make one invoice per period, and a sale is
 * on a global invoice or a driver's, never both.
 */
export const JOB_ISSUE_GLOBAL_INVOICE = "invoicing.issue-global";
export const GLOBAL_SWEEP_EVERY_MS = 10 * 60_000;

interface GlobalInvoicingDeps {
  db: Db;
  log: FastifyBaseLogger;
  providers: { invoicing: InvoiceProvider };
}

export function registerGlobalInvoicing(deps: GlobalInvoicingDeps, jobs: JobRunner): void {
  jobs.register(JOB_ISSUE_GLOBAL_INVOICE, (payload, job) =>
    issueGlobalInvoice(deps, (payload as { globalInvoiceId: string }).globalInvoiceId, job),
  );
  jobs.every("invoicing.global_sweep", GLOBAL_SWEEP_EVERY_MS, async () => {
    await collectDueGlobalInvoices(deps.db, Date.now());
  });
}

/**
 * Makes the global invoice of each organisation's due periods not swept yet, oldest first — the
 * last due one, and any a stopped server missed (docs/decisions/0310) — where a period has sales
 * and no invoice; answers the ids made.
 */
export async function collectDueGlobalInvoices(db: Db, now: number): Promise<string[]> {
  const made: string[] = [];
  for (const issuer of await listIssuerPeriodicities(db)) {
    for (const period of periodsDue(now, issuer.global_periodicity, issuer.global_swept_through)) {
      const id = await collectGlobalInvoice(db, issuer.organisation_id, period);
      if (id) made.push(id);
    }
  }
  return made;
}

/**
 * What is left of a sale after its refunds, split as the charge was: a fully refunded sale is
 * none; a partly refunded one keeps its IVA in the charge's own proportion (decision 0293).
 */
export function netOfRefunds(sale: UninvoicedSale): { base: number; tax: number; total: number } | null {
  const total = sale.amount - Number(sale.refunded);
  if (total <= 0) return null;
  const tax = total === sale.amount ? sale.tax : Math.round((sale.tax * total) / sale.amount);
  return { base: total - tax, tax, total };
}

async function collectGlobalInvoice(db: Db, organisationId: string, period: GlobalPeriod): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    const locked = await lockIssuer(tx, organisationId);
    if (!locked) return null;
    const bounds = periodBounds(period);
    // Another worker swept it meanwhile, or an earlier periodicity's period covered it.
    const sweptThrough = locked.global_swept_through;
    if (sweptThrough && sweptThrough >= bounds.end) return null;
    await markSweptThrough(tx, organisationId, bounds.end);
    if (await findGlobalInvoiceOfPeriod(tx, organisationId, period.key)) return null;
    // A periodicity changed mid-period: the part before the last sweep's end was collected already.
    const start = sweptThrough && sweptThrough > bounds.start ? sweptThrough : bounds.start;
    const { end } = bounds;
    const id = newId();
    const lines: NewRow<"global_invoice_payments">[] = [];
    for (const sale of await listUninvoicedSales(tx, organisationId, start, end)) {
      const net = netOfRefunds(sale);
      if (!net || net.base <= 0) continue;
      lines.push({
        global_invoice_id: id,
        payment_id: sale.payment_id,
        location_id: sale.location_id ?? "",
        ...net,
        tax_rate_bp: sale.tax_rate_bp,
        payment_form: paymentFormOf(sale),
        paid_at: sale.paid_at,
      });
    }
    if (lines.length === 0) return null;
    const numbered = await takeNextFolio(tx, organisationId);
    if (!numbered) return null;
    const { issuer, folio } = numbered;
    const subtotal = lines.reduce((sum, line) => sum + line.base, 0);
    const tax = lines.reduce((sum, line) => sum + line.tax, 0);
    const now = nowIso();
    await insertGlobalInvoice(
      tx,
      {
        id,
        organisation_id: organisationId,
        period_key: period.key,
        periodicity: period.periodicity,
        months: period.months,
        year: period.year,
        period_start: start,
        period_end: end,
        status: "issuing",
        series: issuer.series,
        folio,
        issuer_rfc: issuer.rfc,
        issuer_name: issuer.legal_name,
        issuer_regime: issuer.tax_regime,
        issuer_postal_code: issuer.postal_code,
        payment_form: paymentFormOfLines(lines),
        subtotal,
        tax,
        total: subtotal + tax,
        ...notYetIssuedColumns,
        created_at: now,
        updated_at: now,
      },
      lines,
    );
    await enqueue(
      tx,
      JOB_ISSUE_GLOBAL_INVOICE,
      { globalInvoiceId: id },
      { dedupeKey: `global-invoice-issue:${id}`, maxAttempts: MAX_ISSUE_ATTEMPTS },
    );
    return id;
  });
}

async function globalCfdiOf(db: Db, id: string, issuedAt: Date): Promise<CfdiDocument | null> {
  const invoice = await findGlobalInvoice(db, id);
  if (invoice?.status !== "issuing") return null;
  const lines = await listGlobalInvoiceLines(db, id);
  return {
    series: invoice.series,
    folio: invoice.folio,
    issuedAt: cfdiDate(issuedAt, GLOBAL_INVOICE_TIME_ZONE),
    currency: "MXN",
    paymentForm: invoice.payment_form,
    issuer: {
      rfc: invoice.issuer_rfc,
      name: invoice.issuer_name,
      regime: invoice.issuer_regime,
      postalCode: invoice.issuer_postal_code,
    },
    receiver: generalPublic(invoice.issuer_postal_code),
    global: {
      periodicity: SAT_PERIODICITY[invoice.periodicity as GlobalPeriodicity],
      months: invoice.months,
      year: invoice.year,
    },
    lines: lines.map((line) => ({
      reference: line.payment_id,
      description: GLOBAL_LINE_DESCRIPTION,
      base: line.base,
      tax: line.tax,
      taxRateBp: line.tax_rate_bp,
    })),
  };
}

/** Sends a collected global invoice to the provider once (its id is the idempotency key), as a driver's invoice is. */
export async function issueGlobalInvoice(
  deps: GlobalInvoicingDeps,
  id: string,
  job: Pick<JobContext, "attempt" | "maxAttempts">,
): Promise<void> {
  const { db, providers } = deps;
  const document = await globalCfdiOf(db, id, new Date());
  if (!document) return;
  try {
    const issued = await providers.invoicing.issue(document, { invoiceId: id, receiverEmail: "" });
    await db.transaction().execute(async (tx) => {
      const moved = await updateGlobalInvoiceIfStatus(
        tx,
        id,
        "issuing",
        issuedColumns(providers.invoicing.name, issued, nowIso()),
      );
      // A sale refunded after the collection and before the stamp: its credit note is owed now.
      if (moved) await checkCreditNotesOnIssue(tx, { kind: "global", id });
    });
  } catch (error) {
    const failed = finalIssueFailure(error, providers.invoicing.name, job, nowIso());
    deps.log.error({ err: error, globalInvoiceId: id }, "global invoice not issued");
    // Its sales stay on it: the console shows it failed, and they were never the drivers' to invoice again.
    await updateGlobalInvoiceIfStatus(db, id, "issuing", failed);
  }
}
