import { REFERENCE_RAILS, type ReferenceRail } from "./schemas/references.ts";
import type { ChargedCard } from "./schemas/wallet.ts";
import { WALLETS, withWalletName } from "./wallets.ts";

/**
 * The rails money arrives by (issue 27, docs/decisions/0323): a card, a wallet handing over a card
 * (Apple Pay, Google Pay), the prepaid balance (saldo), cash at OXXO and a SPEI transfer. Every
 * place that shows money — the console's list, filter, detail, CSV and revenue, the data export —
 * names a charge's rail from this one list; the every-rail test iterates over it.
 */
export const PAYMENT_RAILS = ["card", ...WALLETS, "balance", ...REFERENCE_RAILS] as const;
export type PaymentRail = (typeof PAYMENT_RAILS)[number];

/** The reference a charge was paid by (cash at OXXO, SPEI), or null: a card, a wallet or the balance paid it. */
export function referenceRailOf(rail: PaymentRail): ReferenceRail | null {
  return rail === "oxxo" || rail === "spei" ? rail : null;
}

/** A rail with no card behind it is written by its name alone. */
export type NamedRail = Exclude<PaymentRail, "card" | (typeof WALLETS)[number]>;

/**
 * What paid, in words: "Google Pay · Visa •••• 4242", "Visa •••• 4242", "Efectivo OXXO",
 * "Transferencia SPEI", "Saldo". The caller gives its language's words (the API's `translate`,
 * the SPA's `t`); a card rail whose card is unknown reads as the card's word.
 */
export function paymentMethodText(
  paid: { rail: PaymentRail; card: ChargedCard | null },
  words: { card: (card: ChargedCard) => string; named: (rail: NamedRail | "card") => string },
): string {
  if (paid.rail === "balance" || paid.rail === "oxxo" || paid.rail === "spei") return words.named(paid.rail);
  return paid.card ? withWalletName(paid.card.wallet, words.card(paid.card)) : words.named("card");
}
