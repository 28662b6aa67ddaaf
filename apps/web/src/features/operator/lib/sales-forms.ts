import { formatMinorUnits, parseMinorUnits } from "@estaciona/contracts/money";
import { z } from "zod";

/**
 * What the plans and promo codes forms type, read into what the API takes: amounts as decimals
 * ("1500", "1,500.50") into minor units with the contracts' `parseMinorUnits` (digits only, no
 * float), whole numbers as text. Each failure is a catalogue key (translateMessage).
 */

/** An amount greater than zero with at most two decimals, in minor units. */
export const amountText = (message: string) =>
  z.string().transform((value, context) => {
    const minor = parseMinorUnits(value);
    if (minor === null || minor < 1) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return minor;
  });

/** Empty: null (no limit); else a whole number from 1 to 999,999. */
export const optionalWholeNumber = (message: string) =>
  z.string().transform((value, context) => {
    const text = value.trim();
    if (text === "") return null;
    if (!/^\d{1,6}$/.test(text) || Number(text) < 1) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return Number(text);
  });

/** Empty: null; else a calendar day as a date input gives it (YYYY-MM-DD). */
export const optionalDay = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), { error: "validation.date" })
  .transform((value) => value || null);

/** Minor units as the operator types them back: 150000 → "1500.00". */
export const decimalText = (minor: number) => formatMinorUnits(minor).replace(/,/g, "");

/** A calendar day (YYYY-MM-DD) in words of the current language, read on no clock. */
export const calendarDay = (date: string, language: string) =>
  new Intl.DateTimeFormat(language === "en" ? "en-US" : "es-MX", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );

/**
 * A discount as typed against the price it comes off: a whole percentage from 1 to 100 or an
 * amount in minor units, never above the price (the catalogue's invalid_discount_amount); null
 * for none.
 */
export function readDiscount(
  kind: "none" | "percent" | "amount",
  text: string,
  cost: number,
): { rule: { kind: "percent" | "amount"; value: number } } | { error: string } | null {
  if (kind === "none") return null;
  const trimmed = text.trim();
  const value = kind === "percent" ? (/^\d{1,3}$/.test(trimmed) ? Number(trimmed) : null) : parseMinorUnits(trimmed);
  if (value === null || value < 1)
    return { error: kind === "percent" ? "operator:promos.percent_invalid" : "operator:promos.amount_invalid" };
  if (kind === "percent" ? value > 100 : value > cost) return { error: "errors:api_invalid_discount_amount" };
  return { rule: { kind, value } };
}
