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
  /** c_Motivo 02: comprobante emitido con errores sin relación. */
  cancel(providerRef: string): Promise<void>;
}

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
