import { buildCfdiXml } from "./cfdi.ts";
import { renderInvoicePdf } from "./pdf.ts";
import type { InvoiceProvider } from "./provider.ts";

/** The default issuer (docs/product/invoicing-account-contact.md): a CFDI 4.0 XML marked as not stamped and its PDF, made here. */
export function createSandboxIssuer(): InvoiceProvider {
  return {
    name: "sandbox",
    async issue(document, { invoiceId }) {
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
