import { buildCfdiXml } from "./cfdi.ts";
import { renderInvoicePdf } from "./pdf.ts";
import { type InvoiceProvider, InvoiceProviderError } from "./provider.ts";

/**
 * The receiver's fiscal postal code that makes the sandbox refuse a credit note once (decision 0334,
 * docs/sandbox.md): so a failed note, and its Retry, can be seen in a browser. Only this issuer knows it,
 * so with Facturapi's credentials it does nothing.
 */
export const SANDBOX_REFUSED_CREDIT_NOTE_POSTAL_CODE = "00000";

/** The default issuer (docs/product/invoicing-account-contact.md): a CFDI 4.0 XML marked as not stamped and its PDF, made here. */
export function createSandboxIssuer(): InvoiceProvider {
  // Notes already refused: the second sending of the same note (the console's Retry) is issued.
  const refusedOnce = new Set<string>();
  return {
    name: "sandbox",
    async issue(document, { invoiceId }) {
      if (
        document.type === "E" &&
        document.receiver.postalCode === SANDBOX_REFUSED_CREDIT_NOTE_POSTAL_CODE &&
        !refusedOnce.has(invoiceId)
      ) {
        refusedOnce.add(invoiceId);
        // What Facturapi answers with a 400 when the SAT's check of the receiver fails: not worth a retry.
        throw new InvoiceProviderError(
          "sandbox",
          "El campo DomicilioFiscalReceptor del receptor debe encontrarse en la lista de RFC inscritos no cancelados en el SAT (sandbox, decision 0334)",
          false,
        );
      }
      const xml = buildCfdiXml(document, {
        note: "SANDBOX: CFDI sin timbrar, sin validez fiscal (sin Sello ni TimbreFiscalDigital)",
      });
      const pdf = await renderInvoicePdf({ ...document, stamped: false, cfdiUuid: null });
      return { providerRef: `sandbox_${invoiceId}`, cfdiUuid: null, stamped: false, xml, pdf };
    },
    // The sandbox has no receiver to ask: a cancellation is accepted at once.
    async cancel() {
      return "accepted";
    },
    async cancellationStatus() {
      return "accepted";
    },
  };
}
