import { z } from "zod";
import { CARD_BRANDS, COUNTRIES } from "../constants.ts";
import { WALLETS } from "../wallets.ts";
import { requiredText } from "./common.ts";

/**
 * `POST user/payment/wallet` (docs/product/money.md "Wallets"): the single-use token a wallet sheet
 * gave (the sandbox's, or Collect.js's `payment_token` for Apple Pay or Google Pay) becomes a
 * one-off payment method that a pay call names like a card.
 */
export const walletPaymentBody = z.object({
  country: z.enum(COUNTRIES),
  wallet: z.enum(WALLETS),
  token: requiredText(4096),
  /**
   * What the wallet told of its card (Google Pay's `cardNetwork` and `cardDetails`, Apple Pay's
   * `paymentMethod.network` and `displayName`): shown on the receipt, never used to charge.
   */
  brand: z.enum(CARD_BRANDS).optional(),
  last4: z.string().regex(/^\d{4}$/),
  funding: z.enum(["credit", "debit"]).optional(),
});
export type WalletPaymentBody = z.input<typeof walletPaymentBody>;

export const walletPaymentMethod = z.object({
  /** The one-off method's uuid, for the pay call's `payment_method_uuid`. */
  uuid: z.string(),
  wallet: z.enum(WALLETS),
  brand: z.string(),
  last4: z.string(),
});
export type WalletPaymentMethod = z.infer<typeof walletPaymentMethod>;

/** The card a payment was charged to as a receipt or a payment list shows it; `wallet` when a wallet paid with it. */
export const chargedCard = z.object({ brand: z.string(), last4: z.string(), wallet: z.enum(WALLETS).nullable() });
export type ChargedCard = z.infer<typeof chargedCard>;
