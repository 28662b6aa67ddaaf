import { z } from "zod";
import { PAYABLE_TYPES } from "../payables.ts";
import { PAYMENT_RAILS } from "../payment-rails.ts";
import { PAYMENT_STATUSES } from "../statuses.ts";
import { amount } from "./common.ts";
import { CURRENCIES } from "./parking.ts";
import { chargedCard } from "./wallet.ts";

/** A charge as the console's lists show it (docs/product/operators.md); its lines are `paymentDetail`'s. */

export const PAYMENT_KINDS = ["charge", "refund"] as const;

export const paymentSummary = z.object({
  uuid: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  product: z.enum(PAYABLE_TYPES),
  amount: amount,
  refunded: amount,
  currency: z.enum(CURRENCIES),
  description: z.string(),
  created_at: z.string(),
  location: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  plate: z.string().nullable(),
  /** Null once the driver deleted their account: the console says "deleted driver". */
  phone: z.string().nullable(),
  /** The card charged, with its wallet (docs/decisions/0284); null when no card paid (the balance, a reference). */
  card: chargedCard.nullable(),
  /** What the money came by (docs/decisions/0323): the console writes it in words. */
  rail: z.enum(PAYMENT_RAILS),
});
export type PaymentSummary = z.infer<typeof paymentSummary>;
