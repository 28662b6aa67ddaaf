import type { Currency } from "./constants.ts";

/**
 * The one way money is written, wherever it is shown: the SPA, e-mails and receipts (issue 10).
 * Spec §9's currency filter: two decimals in en-US format, whatever the reader's language.
 */

const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeUnits = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Spec §9 currency filter: a number (or numeric text) with two decimals in en-US format; anything else shows 0. */
export function currencyFilter(value: unknown): string {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(number)) return "0";
  return twoDecimals.format(number);
}

/**
 * An amount in minor units with its currency: `123456, "mxn"` → `$1,234.56 MXN`. Built from the
 * integer's digits (the whole units grouped by the currency filter's format, the cents appended),
 * so no float ever holds the amount (DESIGN §5).
 */
export function formatMoney(minor: number, currency: Currency): string {
  const sign = minor < 0 ? "-" : "";
  const absolute = BigInt(Math.abs(Math.trunc(minor)));
  const units = wholeUnits.format(absolute / 100n);
  const cents = String(absolute % 100n).padStart(2, "0");
  return `${sign}$${units}.${cents} ${currency.toUpperCase()}`;
}
