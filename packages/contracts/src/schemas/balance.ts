import { z } from "zod";
import { PAYABLE_TYPES } from "../payables.ts";
import { amount, boundedAmount, uuid, uuidParams } from "./common.ts";
import { CURRENCIES } from "./parking.ts";
import { paymentReference, REFERENCE_RAILS } from "./references.ts";

/** The prepaid balance (docs/decisions/0210). Money is integer minor units. */

export const balanceMovement = z.object({
  uuid: z.string(),
  kind: z.enum(["top_up", "spend", "refund", "payout", "payout_reversed"]),
  /** Signed: credits positive, debits negative. */
  amount: z.number().int(),
  /** The ledger line it moved with. */
  payment_uuid: z.string(),
  /** What the ledger line paid for (a top-up, a meter purchase, a stay…), read in words by the kind. */
  product: z.enum(PAYABLE_TYPES),
  /** Where: the location's short name, or null. */
  place: z.string().nullable(),
  created_at: z.string(),
});
export type BalanceMovement = z.infer<typeof balanceMovement>;

export const balance = z.object({
  uuid: z.string(),
  organisation_name: z.string(),
  currency: z.enum(CURRENCIES),
  amount,
  /** The most the balance may hold. */
  cap: amount,
  min_top_up: amount,
  /** Newest first, at most 20. */
  movements: z.array(balanceMovement),
});
export type Balance = z.infer<typeof balance>;
export const balanceList = z.array(balance);

/** `GET user/balances?location_uuid=`: only the balance that pays at that location (its organisation and currency). */
export const balanceQuery = z.object({ location_uuid: uuid.optional() });

/** A top-up by card at one of the organisation's locations: the balance is that organisation's, in its currency. */
export const topUpBody = z.object({
  location_uuid: uuid,
  amount: boundedAmount.min(1),
  payment_method_uuid: uuid.optional(),
});
export type TopUpBody = z.input<typeof topUpBody>;

export const topUpAnswer = z.object({
  balance,
  payment: z.object({
    uuid: z.string(),
    status: z.enum(["succeeded", "pending", "requires_action", "failed"]),
    redirect_url: z.string().nullable(),
  }),
});
export type TopUpAnswer = z.infer<typeof topUpAnswer>;

/** A top-up paid later by reference: cash at OXXO or a SPEI transfer (docs/decisions/0280). */
export const referenceTopUpBody = z.object({
  location_uuid: uuid,
  amount: boundedAmount.min(1),
  rail: z.enum(REFERENCE_RAILS),
});
export type ReferenceTopUpBody = z.input<typeof referenceTopUpBody>;

export const referenceTopUpAnswer = z.object({ balance, reference: paymentReference });
export type ReferenceTopUpAnswer = z.infer<typeof referenceTopUpAnswer>;

export const balanceParams = uuidParams();
