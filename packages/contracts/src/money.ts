import type { Currency } from "./constants.ts";

/**
 * How money reads everywhere a driver sees it: the SPA, e-mails and receipts. The spec's
 * currency filter (docs/product/constants.md) fixes the number's format — two decimals, en-US grouping, whatever the
 * language — so one formatter serves both languages.
 */

const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeUnits = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** docs/product/constants.md currency filter: a number (or numeric text) with 2 decimals in en-US format; anything else shows "0". */
export function currencyFilter(value: unknown): string {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(number)) return "0";
  return twoDecimals.format(number);
}

/**
 * Integer minor units in the filter's format, from the integer's digits (docs/product/money.md: no float
 * holds an amount): 123456 → "1,234.56". Intl groups the whole units.
 */
export function formatMinorUnits(minor: number): string {
  const whole = Math.trunc(minor);
  const sign = whole < 0 ? "-" : "";
  const absolute = BigInt(Math.abs(whole));
  return `${sign}${wholeUnits.format(absolute / 100n)}.${String(absolute % 100n).padStart(2, "0")}`;
}

/** An amount with its currency, as drivers read it: 123456 mxn → "$1,234.56 MXN", -500 usd → "-$5.00 USD". */
export function formatMoney(minor: number, currency: Currency): string {
  const sign = minor < 0 ? "-" : "";
  return `${sign}$${formatMinorUnits(Math.abs(minor))} ${currency.toUpperCase()}`;
}

/**
 * What an operator types as an amount ("25", "25.5", "1,234.50") in minor units, read from the
 * digits (no float); null when it is not an amount with at most two decimals.
 */
export function parseMinorUnits(text: string): number | null {
  const match = text
    .trim()
    .replace(/,/g, "")
    .match(/^(\d{1,9})(?:\.(\d{0,2}))?$/);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
