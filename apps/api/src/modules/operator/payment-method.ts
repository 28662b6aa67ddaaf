import { cardBrandName, type Locale } from "@estaciona/contracts";
import { paymentMethodText } from "@estaciona/contracts/payment-rails";
import type { ChargedCard } from "@estaciona/contracts/schemas/wallet";
import { translate } from "@estaciona/i18n";
import type { ChargeRow } from "./repository/payments.ts";

/** What paid a charge, as the console's list and its CSV show it (docs/decisions/0284, 0323). */

/** The card charged, with its wallet; null when no card paid (the balance, a reference). */
export const chargedCardOf = (row: ChargeRow): ChargedCard | null =>
  row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4, wallet: row.card_wallet } : null;

/** "Google Pay · Visa •••• 4242", "Visa •••• 4242", "Efectivo OXXO", "Saldo"…, in the reader's language. */
export function paymentMethodWords(locale: Locale, row: ChargeRow): string {
  return paymentMethodText(
    { rail: row.rail, card: chargedCardOf(row) },
    {
      card: ({ brand, last4 }) =>
        translate(locale, "operator.payments.card", {
          brand: cardBrandName(brand, translate(locale, "common.other_card_brand") ?? brand),
          last4,
        }) ?? "",
      named: (rail) => translate(locale, `operator.payments.rail.${rail}`) ?? rail,
    },
  );
}
