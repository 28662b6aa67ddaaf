import { z } from "zod";
import { amount, uuidParams } from "./common.ts";
import { feeBreakdownBody } from "./parking.ts";
import { REFERENCE_RAILS } from "./references.ts";
import { chargedCard } from "./wallet.ts";

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
  /** The charge's uuid: the payment reference; for a stay that cost nothing (`no_charge`), the visit's uuid. */
  payment_uuid: z.string(),
  /**
   * A stay that cost nothing has a receipt too (docs/decisions/0186): amounts of zero, no card, no
   * payment reference and nothing to invoice, read as "Sin costo" / "No charge".
   */
  no_charge: z.boolean(),
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
  /** The card charged; `wallet` when Apple Pay or Google Pay paid with it (docs/decisions/0284). */
  card: chargedCard.nullable(),
  /** Paid by reference instead of a card: cash at OXXO or a SPEI transfer (docs/decisions/0315). */
  rail: z.enum(REFERENCE_RAILS).nullable(),
  /** Whether the driver may ask for a CFDI invoice of it (a Mexican lot). */
  invoiceable: z.boolean(),
});
export type Receipt = z.infer<typeof receipt>;
export const receiptList = z.array(receipt);

export const receiptPdf = z.object({ filename: z.string(), content_type: z.string(), base64: z.string() });
export type ReceiptPdf = z.infer<typeof receiptPdf>;

/**
 * The receipts history (issue 26 item 4, docs/decisions/0187): every payment of a period — charges
 * of every product and their refunds — each tagged business or personal by the driver.
 */
export const EXPENSE_TAGS = ["business", "personal"] as const;
export type ExpenseTag = (typeof EXPENSE_TAGS)[number];

/** An instant, as the driver's browser computes the period's bounds on its own clock. */
const instant = z.iso.datetime({ offset: true });
/** The keyset cursor: the last row's `created_at|id`; anything else is refused (422). */
const historyCursor = z
  .string()
  .max(120)
  .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z\|[0-9a-f-]{36}$/)
  .optional();

/** A period: from (inclusive) to (exclusive), at most 366 days. */
export const statementQuery = z.object({ from: instant, to: instant });
export type StatementQuery = z.infer<typeof statementQuery>;
export const receiptHistoryQuery = statementQuery.extend({
  cursor: historyCursor,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ReceiptHistoryQuery = z.infer<typeof receiptHistoryQuery>;

export const historyEntry = z.object({
  /** The payment's uuid (a refund's own). */
  payment_uuid: z.string(),
  kind: z.enum(["charge", "refund"]),
  /** The receipt it belongs to: the charge's uuid (a refund's charge). */
  receipt_uuid: z.string(),
  /** As every list names a payment: "Pensión mensual · Fundidora · 27 nov". */
  line: z.string(),
  paid_at: z.string(),
  /** Minor units; a refund is negative. */
  amount: z.number().int(),
  currency: z.enum(["mxn", "usd"]),
  /** The driver's tag of the charge (a refund reads its charge's), or null while untagged. */
  tag: z.enum(EXPENSE_TAGS).nullable(),
  /** The CFDI that covers it, on a Mexican host once issued. */
  cfdi: z.object({ invoice_uuid: z.string(), cfdi_uuid: z.string().nullable() }).nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
export const receiptHistory = z.object({ items: z.array(historyEntry), next_cursor: z.string().nullable() });
export type ReceiptHistory = z.infer<typeof receiptHistory>;

export const expenseTagBody = z.object({ tag: z.enum(EXPENSE_TAGS) });
export const expenseTagAnswer = z.object({ payment_uuid: z.string(), tag: z.enum(EXPENSE_TAGS) });
/** A statement file (CSV or PDF), base64, as the receipt's PDF. */
export const statementFile = receiptPdf;
