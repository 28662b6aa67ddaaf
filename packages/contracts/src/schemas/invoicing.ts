import { z } from "zod";
import {
  isPersonalRfc,
  isValidCfdiUse,
  isValidRegime,
  normaliseRfc,
  POSTAL_CODE_PATTERN,
  personTypeOfRfc,
  RFC_PATTERN,
} from "../sat.ts";
import { email, MESSAGE, requiredText, text, uuid, uuidParams } from "./common.ts";
import { CURRENCIES } from "./parking.ts";

/** Fiscal profiles and CFDI 4.0 invoices (docs/product/invoicing-account-contact.md, docs/decisions/0035). Money is integer minor units. */

/**
 * The billing messages of docs/product/validation.md, field by field. They are keys of the `errors` namespace, so the
 * API answers `invalid_data` with the field's own message and the form shows the same words.
 */
export const BILLING_MESSAGE = {
  rfc: "errors.api_invalid_rfc",
  genericRfc: "errors.api_generic_rfc",
  regime: "errors.api_invalid_tax_regime",
  cfdiUse: "errors.api_invalid_cfdi_use",
  postalCode: "errors.api_invalid_postal_code",
} as const;

const rfc = text()
  .transform(normaliseRfc)
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGE.required })
      .regex(RFC_PATTERN, { error: BILLING_MESSAGE.rfc })
      .refine(isPersonalRfc, { error: BILLING_MESSAGE.genericRfc }),
  );

/**
 * What a driver types: RFC, legal name as registered (without the capital regime), regime, CFDI
 * use, fiscal postal code, e-mail. The regime must suit the person type the RFC tells (12
 * characters: company, 13: individual) and the use must suit the regime — each failure names its
 * field, so the form puts the message under it.
 */
export const taxProfileBody = z
  .object({
    rfc,
    legal_name: requiredText(300).transform((name) => name.toUpperCase()),
    tax_regime: text().trim().min(1, { error: MESSAGE.required }),
    cfdi_use: text().trim().min(1, { error: MESSAGE.required }),
    postal_code: text().trim().regex(POSTAL_CODE_PATTERN, { error: BILLING_MESSAGE.postalCode }),
    email,
    is_default: z.boolean().optional(),
  })
  .superRefine((profile, context) => {
    const personType = personTypeOfRfc(profile.rfc);
    if (!isValidRegime(profile.tax_regime, personType)) {
      context.addIssue({ code: "custom", path: ["tax_regime"], message: BILLING_MESSAGE.regime });
    } else if (!isValidCfdiUse(profile.cfdi_use, profile.tax_regime, personType)) {
      context.addIssue({ code: "custom", path: ["cfdi_use"], message: BILLING_MESSAGE.cfdiUse });
    }
  });
export type TaxProfileBody = z.input<typeof taxProfileBody>;

export const taxProfile = z.object({
  uuid,
  rfc: z.string(),
  legal_name: z.string(),
  tax_regime: z.string(),
  cfdi_use: z.string(),
  postal_code: z.string(),
  email: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type TaxProfile = z.infer<typeof taxProfile>;
export const taxProfileList = z.array(taxProfile);
export const taxProfileParams = uuidParams();

/** A paid payment of a Mexican location the driver may still invoice, with its deadline. */
export const invoiceablePayment = z.object({
  payment_uuid: uuid,
  description: z.string(),
  /** The payment in words, in the caller's language: "Pensión mensual · Fundidora · 27 nov" (docs/decisions/0145). */
  line: z.string(),
  location_name: z.string(),
  paid_at: z.string(),
  /** The last moment the location accepts the request (its invoice window). */
  invoice_deadline: z.string(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** The invoice already requested for it, if any. */
  invoice_uuid: uuid.nullable(),
});
export type InvoiceablePayment = z.infer<typeof invoiceablePayment>;
export const invoiceablePaymentList = z.array(invoiceablePayment);

export const INVOICE_STATUSES = ["pending_approval", "issuing", "issued", "failed", "rejected", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_CANCELLATION_STATUSES = ["verifying", "pending", "accepted", "rejected", "expired"] as const;
export type InvoiceCancellationStatus = (typeof INVOICE_CANCELLATION_STATUSES)[number];

export const CREDIT_NOTE_STATUSES = ["issuing", "issued", "failed"] as const;

/**
 * A credit note (CFDI de egreso) for one refund of a payment on an issued invoice or global
 * invoice, related to it (TipoRelacion 01). `failed`: the provider refused it or never answered; an
 * operator reviews it and tries again (docs/decisions/0308).
 */
export const creditNote = z.object({
  uuid,
  status: z.enum(CREDIT_NOTE_STATUSES),
  series: z.string(),
  folio: z.number().int(),
  stamped: z.boolean(),
  cfdi_uuid: z.string().nullable(),
  /** The refunded payment (the charge) and the refund. */
  payment_uuid: uuid,
  refund_uuid: uuid,
  /** The CFDI it corrects: its number (series-folio) and folio fiscal; one of the two originals. */
  related_number: z.string(),
  related_cfdi_uuid: z.string().nullable(),
  invoice_uuid: uuid.nullable(),
  global_invoice_uuid: uuid.nullable(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  currency: z.enum(CURRENCIES),
  created_at: z.string(),
  issued_at: z.string().nullable(),
});
export type CreditNote = z.infer<typeof creditNote>;
export const creditNoteList = z.array(creditNote);

export const invoice = z.object({
  uuid,
  status: z.enum(INVOICE_STATUSES),
  kind: z.enum(["single", "monthly"]),
  /** The CFDI's folio fiscal once stamped; the sandbox's XML is not stamped and has none. */
  cfdi_uuid: z.string().nullable(),
  series: z.string(),
  folio: z.number().int(),
  provider: z.string(),
  stamped: z.boolean(),
  issuer_rfc: z.string(),
  issuer_name: z.string(),
  receiver_rfc: z.string(),
  receiver_name: z.string(),
  cfdi_use: z.string(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  currency: z.enum(CURRENCIES),
  payment_uuids: z.array(uuid),
  requested_at: z.string(),
  issued_at: z.string().nullable(),
  failure_code: z.string().nullable(),
  /**
   * Where a cancellation asked for this invoice stands (null: none asked): `verifying` the SAT is
   * checking it, `pending` the receiver must accept it, `accepted` (the invoice is `cancelled`),
   * `rejected` or `expired` (it stays valid). docs/decisions/0162.
   */
  cancellation_status: z.enum(INVOICE_CANCELLATION_STATUSES).nullable(),
  /** The credit notes of refunds of its payments made after it was issued. */
  credit_notes: z.array(creditNote),
});
export type Invoice = z.infer<typeof invoice>;
export const invoiceList = z.array(invoice);
export const invoiceParams = uuidParams();

export const requestInvoiceBody = z.object({ payment_uuid: uuid, tax_profile_uuid: uuid });

/** A calendar month, `YYYY-MM`: one invoice gathers every invoiceable payment of it per issuer. */
export const requestMonthlyInvoiceBody = z.object({
  month: text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MESSAGE.required }),
  tax_profile_uuid: uuid,
});

/** A file of an invoice (the CFDI XML or its PDF), base64 so the signed-in client can save it. */
export const invoiceFile = z.object({ filename: z.string(), content_type: z.string(), base64: z.string() });
export type InvoiceFile = z.infer<typeof invoiceFile>;

export const rejectInvoiceBody = z.object({ reason: requiredText(500) });

/** How often an organisation's global invoice is issued: the SAT's c_Periodicidad 01–05 (docs/decisions/0309). */
export const GLOBAL_PERIODICITIES = ["daily", "weekly", "fortnightly", "monthly", "bimonthly"] as const;
export type GlobalPeriodicity = (typeof GLOBAL_PERIODICITIES)[number];

/** A global invoice to the general public: one organisation's uninvoiced Mexican sales of a period. */
export const globalInvoice = z.object({
  uuid,
  periodicity: z.enum(GLOBAL_PERIODICITIES),
  /** The period's first day and the day after its last, on Mexico City's clock (`YYYY-MM-DD`). */
  period_start: z.string(),
  period_end: z.string(),
  status: z.enum(["issuing", "issued", "failed"]),
  series: z.string(),
  folio: z.number().int(),
  stamped: z.boolean(),
  cfdi_uuid: z.string().nullable(),
  payment_count: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  currency: z.enum(CURRENCIES),
  issued_at: z.string().nullable(),
  /** The credit notes of refunds of its sales made after it was collected. */
  credit_notes: z.array(creditNote),
});
export type GlobalInvoice = z.infer<typeof globalInvoice>;
export const globalInvoiceList = z.array(globalInvoice);
export const globalInvoicesCsv = z.string();

/** The organisation's global invoice settings: how often it is issued (docs/decisions/0309). */
export const globalInvoiceSettings = z.object({ periodicity: z.enum(GLOBAL_PERIODICITIES) });
export type GlobalInvoiceSettings = z.infer<typeof globalInvoiceSettings>;
