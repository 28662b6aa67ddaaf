import { type Country, CURRENCY_BY_COUNTRY, type Currency } from "@estaciona/contracts";

const currencyFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Spec §9 currency filter: two decimals in en-US format; anything that is not a number shows 0. */
export function formatCurrency(value: unknown): string {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(number)) return "0";
  return currencyFormat.format(number);
}

/** Spec §9 truncate filter: cuts to `length` characters and appends an ellipsis when it cut. */
export function truncate(text: string, length: number, ellipsis = "…"): string {
  if (text.length <= length) return text;
  return `${text.slice(0, length)}${ellipsis}`;
}

/** Spec §1: country mx → mxn, us → usd. */
export function currencyForCountry(country: Country): Currency {
  return CURRENCY_BY_COUNTRY[country];
}
