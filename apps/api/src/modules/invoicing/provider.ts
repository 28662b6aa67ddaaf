import type { CfdiDocument } from "./cfdi.ts";

/**
 * Who turns a CFDI into an invoice (docs/product/system.md: invoicing providers). The sandbox keeps the XML
 * unstamped; Facturapi stamps it at the SAT. A provider answers the same invoice again for the
 * same `invoiceId` (its idempotency key), so a retried job never makes two.
 */
export interface IssuedCfdi {
  providerRef: string;
  /** The folio fiscal: only a stamped CFDI has one. */
  cfdiUuid: string | null;
  stamped: boolean;
  xml: string;
  pdf: Buffer;
}

export interface InvoiceProvider {
  readonly name: string;
  issue(document: CfdiDocument, context: { invoiceId: string; receiverEmail: string }): Promise<IssuedCfdi>;
  /**
   * Asks the SAT, through the provider, to cancel with c_Motivo 02 (comprobante emitido con errores
   * sin relación). The answer is where the request stands: the receiver may have to accept it.
   */
  cancel(providerRef: string): Promise<CancellationStatus>;
  /** Where an earlier cancellation request stands now. */
  cancellationStatus(providerRef: string): Promise<CancellationStatus>;
}

/**
 * Facturapi's `cancellation_status` (facturapi-docs, guides/invoices/cancelaciones.mdx): `verifying`
 * the SAT is checking the request, `pending` the receiver must accept it, `accepted` cancelled,
 * `rejected` the receiver refused, `expired` the receiver did not answer in time; `none` no request.
 */
export const CANCELLATION_STATUSES = ["none", "verifying", "pending", "accepted", "rejected", "expired"] as const;
export type CancellationStatus = (typeof CANCELLATION_STATUSES)[number];

/** The provider refused the invoice (bad data: never retried) or did not answer (retried by the job). */
export class InvoiceProviderError extends Error {
  override name = "InvoiceProviderError";
  constructor(
    readonly provider: string,
    message: string,
    readonly retryable: boolean,
    options: { cause?: unknown } = {},
  ) {
    super(`${provider}: ${message}`, options);
  }
}

/** What an invoice, a global invoice or a credit note records before any provider has issued it. */
export const notYetIssuedColumns = {
  provider: "pending",
  provider_ref: null,
  cfdi_uuid: null,
  stamped: 0 as const,
  xml: null,
  pdf_base64: null,
  failure_code: null,
  issued_at: null,
};

/** What an invoice, a global invoice or a credit note records once its provider issued it. */
export function issuedColumns(provider: string, issued: IssuedCfdi, now: string) {
  return {
    status: "issued" as const,
    provider,
    provider_ref: issued.providerRef,
    cfdi_uuid: issued.cfdiUuid,
    stamped: issued.stamped ? (1 as const) : (0 as const),
    xml: issued.xml,
    pdf_base64: issued.pdf.toString("base64"),
    issued_at: now,
    updated_at: now,
  };
}

/**
 * A provider's failure that ends a document's issuing: anything else is a defect (rethrown), and
 * an unanswered call is left to the job's next attempt (the provider's idempotency key makes that
 * safe) until its last. Answers what the document records as failed.
 */
export function finalIssueFailure(
  error: unknown,
  provider: string,
  job: { attempt: number; maxAttempts: number },
  now: string,
) {
  if (!(error instanceof InvoiceProviderError)) throw error;
  if (error.retryable && job.attempt < job.maxAttempts) throw error;
  return {
    status: "failed" as const,
    provider,
    failure_code: error.retryable ? ("invoice_not_available" as const) : ("invalid_invoice_data" as const),
    updated_at: now,
  };
}
