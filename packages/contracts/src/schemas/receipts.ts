import { z } from "zod";
import { amount, uuidParams } from "./common.ts";
import { feeBreakdownBody } from "./parking.ts";

/**
 * A receipt of one paid charge, whatever the product (docs/decisions/0111): the ledger's amounts,
 * never recomputed. Times are instants; the screen and the PDF show them on the lot's clock.
 */

/** The product screen a receipt leads back to. */
export const RECEIPT_PRODUCTS = [
  "visit",
  "event_visit",
  "meter_session",
  "valet_ticket",
  "subscription",
  "balance",
] as const;
export type ReceiptProduct = (typeof RECEIPT_PRODUCTS)[number];

export const receiptParams = uuidParams();

export const receiptListQuery = z.object({
  /** The product's uuid (a visit, an event pass, a meter session, a valet ticket, a pass). */
  product_uuid: z.uuid(),
});

export const receipt = z.object({
  /** The charge's uuid: the payment reference. */
  payment_uuid: z.string(),
  /** A short number a person can read out on the phone. */
  number: z.string(),
  /** The product in words, in the caller's language ("Pase de evento · Concierto · Arena Monterrey"). */
  title: z.string(),
  /** The payment as every list names it: kind · place's short name · day on the lot's clock ("Pensión mensual · Fundidora · 27 nov"). */
  line: z.string(),
  product: z.object({ kind: z.enum(RECEIPT_PRODUCTS), uuid: z.string() }),
  issued_at: z.string(),
  operator: z.object({ name: z.string(), contact_email: z.string().nullable(), contact_phone: z.string().nullable() }),
  location: z.object({ name: z.string(), address: z.string(), time_zone: z.string() }),
  plate: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** What the card was charged; `total` includes a valet tip. */
  amounts: feeBreakdownBody,
  discount: amount,
  tip: amount,
  tax_rate_bp: z.number().int(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Whether the driver may ask for a CFDI invoice of it (a Mexican lot). */
  invoiceable: z.boolean(),
});
export type Receipt = z.infer<typeof receipt>;
export const receiptList = z.array(receipt);

export const receiptPdf = z.object({ filename: z.string(), content_type: z.string(), base64: z.string() });
export type ReceiptPdf = z.infer<typeof receiptPdf>;
