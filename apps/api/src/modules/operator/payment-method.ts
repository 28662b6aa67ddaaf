import { cardBrandName, type Locale } from "@estaciona/contracts";
import type { ChargedCard } from "@estaciona/contracts/schemas/wallet";
import { withWalletName } from "@estaciona/contracts/wallets";
import { translate } from "@estaciona/i18n";
import type { ChargeRow } from "./repository/payments.ts";

/** What paid a charge, as the console's list and its CSV show it (docs/decisions/0284). */

/** The card charged, with its wallet; null when no card paid (the balance). */
export const chargedCardOf = (row: ChargeRow): ChargedCard | null =>
  row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4, wallet: row.card_wallet } : null;

/** "Google Pay · Visa •••• 4242", "Visa •••• 4242" or "Balance", in the reader's language. */
export function paymentMethodWords(locale: Locale, row: ChargeRow): string {
  const card = chargedCardOf(row);
  if (!card) return translate(locale, "operator.payments.paid_from_balance") ?? "";
  const brand = cardBrandName(card.brand, translate(locale, "common.other_card_brand") ?? card.brand);
  return withWalletName(card.wallet, translate(locale, "operator.payments.card", { brand, last4: card.last4 }) ?? "");
}
