import { z } from "zod";
import { PAYABLE_TYPES } from "../payables.ts";
import { amount, uuidParams } from "./common.ts";
import { CURRENCIES } from "./parking.ts";

/** Paying later by reference (docs/decisions/0280): cash at OXXO or a SPEI transfer, in Mexico. */

export const REFERENCE_RAILS = ["oxxo", "spei"] as const;
export type ReferenceRail = (typeof REFERENCE_RAILS)[number];

export const paymentReference = z.object({
  /** The charge it pays: the receipts and the ledger know it by this. */
  payment_uuid: z.string(),
  rail: z.enum(REFERENCE_RAILS),
  /**
   * `awaiting`: not paid yet; `expired`: not paid in time (nothing is held any more); `voided`: what it
   * paid for will not happen (a pass cancelled after its renewal reference went out, docs/decisions/0316),
   * so the driver must not pay it.
   */
  status: z.enum(["awaiting", "paid", "expired", "voided"]),
  amount,
  currency: z.enum(CURRENCIES),
  /** The OXXO reference (the barcode's number) or the CLABE; null while the gateway has not answered. */
  number: z.string().nullable(),
  /** OXXO: the gateway's barcode image, when it gives one. */
  barcode_url: z.string().nullable(),
  /** SPEI: the receiving bank. */
  bank: z.string().nullable(),
  expires_at: z.string(),
  /** The clock its expiry is written on: its lot's; null when no lot sells it (a balance top-up), then the phone's. */
  time_zone: z.string().nullable(),
  /** What it pays for, read in words by the kind. */
  product: z.enum(PAYABLE_TYPES),
  description: z.string(),
  /** The sandbox's page that simulates the payment; null with a real gateway. */
  sandbox_url: z.string().nullable(),
});
export type PaymentReference = z.infer<typeof paymentReference>;

export const referenceParams = uuidParams();

/** At most a driver's cap of awaiting references (decision 0282), so one answer, no pages. */
export const awaitingReferences = z.array(paymentReference);
