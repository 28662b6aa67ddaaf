import { DecimalAmount, jsonWithDecimalAmounts, trimTrailingSlash } from "../payments/adapter-http.ts";
import { type CfdiDocument, conceptKeys } from "./cfdi.ts";
import {
  CANCELLATION_STATUSES,
  type CancellationStatus,
  type InvoiceProvider,
  InvoiceProviderError,
} from "./provider.ts";

/**
 * Facturapi (research/ecosystem.md §5.7; its Node SDK's `invoices` resource): `POST /invoices`
 * creates and stamps a CFDI, `GET /invoices/{id}/xml|pdf` downloads it, `DELETE
 * /invoices/{id}?motive=02` cancels it; `Authorization: Bearer <secret key>`. Errors answer
 * `{ message }` with a 4xx. Our invoice id is the `idempotency_key`, so a retry after a lost
 * answer gets the invoice already made instead of a second one.
 */
export interface FacturapiSettings {
  secretKey: string;
  apiBase: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const PROVIDER = "facturapi";
/** Facturapi's `global.periodicity` for the SAT's c_Periodicidad (its OpenAPI v2 document's enum). */
const FACTURAPI_PERIODICITY: Record<string, string> = {
  "01": "day",
  "02": "week",
  "03": "fortnight",
  "04": "month",
  "05": "two_months",
};
const DEFAULT_TIMEOUT_MS = 30_000;

interface FacturapiInvoice {
  id: string;
  uuid?: string | null;
  status?: string;
  cancellation_status?: string;
}

async function invoiceAnswer(response: Response): Promise<FacturapiInvoice> {
  let invoice: FacturapiInvoice;
  try {
    invoice = (await response.json()) as FacturapiInvoice;
  } catch (error) {
    throw new InvoiceProviderError(PROVIDER, "the invoice answered was not JSON", true, { cause: error });
  }
  if (typeof invoice?.id !== "string") throw new InvoiceProviderError(PROVIDER, "the answer has no invoice id", true);
  return invoice;
}

/**
 * An invoice's cancellation as Facturapi reports it: `status: "canceled"` is accepted whatever the
 * other field says; an unknown value is an answer we cannot read, tried again later.
 */
function cancellationOf(invoice: FacturapiInvoice): CancellationStatus {
  if (invoice.status === "canceled") return "accepted";
  const status = invoice.cancellation_status ?? "none";
  if (!(CANCELLATION_STATUSES as readonly string[]).includes(status))
    throw new InvoiceProviderError(PROVIDER, `unknown cancellation_status "${status}"`, true);
  return status as CancellationStatus;
}

/**
 * `POST /invoices`'s body: an income invoice (a global one names its period in `global`), or a
 * credit note (`type: "E"`, related to its original's folio fiscal by `related_documents`, as
 * Facturapi's egreso guide writes it; its product takes no `sku`, and `global` is not a field of it).
 */
function invoiceBody(
  document: CfdiDocument,
  { invoiceId, receiverEmail }: { invoiceId: string; receiverEmail: string },
) {
  const keys = conceptKeys(document);
  const credit = document.type === "E";
  if (credit && !document.related?.cfdiUuid)
    throw new InvoiceProviderError(PROVIDER, "the credit note's original CFDI has no folio fiscal", false);
  return {
    ...(credit ? { type: "E" } : {}),
    customer: {
      legal_name: document.receiver.name,
      tax_id: document.receiver.rfc,
      tax_system: document.receiver.regime,
      ...(receiverEmail ? { email: receiverEmail } : {}),
      address: { zip: document.receiver.postalCode },
    },
    items: document.lines.map((line) => ({
      quantity: 1,
      product: {
        description: line.description,
        product_key: keys.productKey,
        price: new DecimalAmount(line.base),
        tax_included: false,
        // A rate, not money: 1600 bp is written 0.16.
        taxes: [{ type: "IVA", rate: line.taxRateBp / 10_000 }],
        unit_key: keys.unitKey,
        unit_name: keys.unitName,
        ...(credit ? {} : { sku: line.reference }),
      },
    })),
    ...(document.global && !credit
      ? {
          global: {
            periodicity: FACTURAPI_PERIODICITY[document.global.periodicity],
            months: document.global.months,
            year: document.global.year,
          },
        }
      : {}),
    ...(document.related?.cfdiUuid
      ? { related_documents: [{ relationship: document.related.relationship, documents: [document.related.cfdiUuid] }] }
      : {}),
    payment_form: document.paymentForm,
    payment_method: "PUE",
    use: document.receiver.cfdiUse,
    currency: document.currency,
    series: document.series,
    folio_number: document.folio,
    external_id: invoiceId,
    idempotency_key: invoiceId,
  };
}

export function createFacturapiIssuer(settings: FacturapiSettings): InvoiceProvider {
  const base = trimTrailingSlash(settings.apiBase);
  const fetchImpl = settings.fetchImpl ?? fetch;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(method: string, path: string, body?: string): Promise<Response> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${settings.secretKey}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new InvoiceProviderError(PROVIDER, `no answer from ${method} ${path}`, true, { cause: error });
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => "");
    let message = text || response.statusText;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === "string") message = parsed.message;
    } catch {
      // Not JSON: the text itself is the message.
    }
    // 429 and 5xx are worth another try; any other 4xx is the invoice's data, refused as it is.
    const retryable = response.status === 429 || response.status >= 500;
    throw new InvoiceProviderError(PROVIDER, `${method} ${path} answered ${response.status}: ${message}`, retryable);
  }

  async function download(id: string, format: "xml" | "pdf"): Promise<Buffer> {
    const response = await call("GET", `/invoices/${encodeURIComponent(id)}/${format}`);
    try {
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new InvoiceProviderError(PROVIDER, `the ${format} download broke off`, true, { cause: error });
    }
  }

  return {
    name: PROVIDER,
    async issue(document: CfdiDocument, { invoiceId, receiverEmail }) {
      const body = jsonWithDecimalAmounts(invoiceBody(document, { invoiceId, receiverEmail }));
      const created = await invoiceAnswer(await call("POST", "/invoices", body));
      const [xml, pdf] = await Promise.all([download(created.id, "xml"), download(created.id, "pdf")]);
      return { providerRef: created.id, cfdiUuid: created.uuid ?? null, stamped: true, xml: xml.toString("utf8"), pdf };
    },
    async cancel(providerRef: string) {
      const response = await call("DELETE", `/invoices/${encodeURIComponent(providerRef)}?motive=02`);
      return cancellationOf(await invoiceAnswer(response));
    },
    async cancellationStatus(providerRef: string) {
      return cancellationOf(await invoiceAnswer(await call("GET", `/invoices/${encodeURIComponent(providerRef)}`)));
    },
  };
}
