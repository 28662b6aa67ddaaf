import type { Currency, Locale } from "@estaciona/contracts";
import { formatMoney } from "@estaciona/contracts/money";
import { translate } from "@estaciona/i18n";

/**
 * The fee engine's breakdown as the lines of an e-mail or a PDF ("Cargo por servicio: $3.48"),
 * named by the same keys every screen's breakdown reads (`parking.breakdown.*`), so one fee has
 * one name in every screen, e-mail and PDF (docs/decisions/0111).
 */
export interface BreakdownAmounts {
  subtotal: number;
  convenience_fee: number;
  processing_fee: number;
  tax: number;
  total: number;
}

export function breakdownLines(
  locale: Locale,
  amounts: BreakdownAmounts,
  currency: Currency,
  extra: { discount?: number; tip?: number } = {},
): [label: string, amount: string][] {
  const label = (line: string) => translate(locale, `parking.breakdown.${line}`) ?? line;
  const money = (amount: number) => formatMoney(amount, currency);
  return [
    ...(extra.discount ? [[label("discount"), money(extra.discount)] as [string, string]] : []),
    [label("subtotal"), money(amounts.subtotal)],
    [label("convenience_fee"), money(amounts.convenience_fee)],
    [label("processing_fee"), money(amounts.processing_fee)],
    [label("tax"), money(amounts.tax)],
    ...(extra.tip ? [[translate(locale, "parking.receipt.tip") ?? "tip", money(extra.tip)] as [string, string]] : []),
    [label("total"), money(amounts.total)],
  ];
}

/** The lines as an e-mail writes them, one "Label: amount" a line. */
export const breakdownText = (...args: Parameters<typeof breakdownLines>): string =>
  breakdownLines(...args)
    .map(([label, amount]) => `${label}: ${amount}`)
    .join("\n");
