import { formatMinorUnits, parseMinorUnits } from "@estaciona/contracts/money";
import { CURRENCIES } from "@estaciona/contracts/schemas/parking";
import { createDiscountBody, DISCOUNT_KINDS } from "@estaciona/contracts/schemas/subscriptions";
import { z } from "zod";
import { optionalTypedText, typedText, wholeNumber } from "./typed-text.ts";

/**
 * What the plans and promo codes forms type, read into what the API takes: amounts as decimals
 * ("1500", "1,500.50") into minor units with the contracts' `parseMinorUnits` (digits only, no
 * float), whole numbers as text. Each failure is a catalogue key (translateMessage).
 */

/** An amount greater than zero with at most two decimals, in minor units. */
export const amountText = (message: string) =>
  typedText((text) => {
    const minor = parseMinorUnits(text);
    return minor !== null && minor >= 1 ? minor : null;
  }, message);

/** Empty: null (no limit); else a whole number from 1 to 999,999. */
export const optionalWholeNumber = (message: string) =>
  optionalTypedText((text) => {
    const value = wholeNumber(text);
    return value !== null && value >= 1 ? value : null;
  }, message);

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

const PROMO_WHOLE_NUMBER = "operator:promos.whole_number";
const DATES_INVALID = "operator:promos.dates_invalid";
/** A promo code's forms (promo-code-forms.tsx). The catalogue's own words for a discount above what it discounts (docs/product/calls-and-errors.md). */
export const TOO_MUCH = "errors:api_invalid_discount_amount";

const datesInOrder = (value: { starts_on: string | null; ends_on: string | null }) =>
  !value.starts_on || !value.ends_on || value.ends_on >= value.starts_on;

/** Dates and uses: what a code's change dialog reads, and the end of the creation form. */
const limitFields = {
  starts_on: optionalDay,
  ends_on: optionalDay,
  max_redemptions: optionalWholeNumber(PROMO_WHOLE_NUMBER),
};
export const changeCodeSchema = z.object(limitFields).refine(datesInOrder, { error: DATES_INVALID, path: ["ends_on"] });

export const newCodeSchema = z
  .object({
    code: createDiscountBody.shape.code,
    kind: z.enum(DISCOUNT_KINDS),
    value: z.string().trim(),
    plan_uuid: z.string(),
    currency: z.enum(CURRENCIES),
    periods: optionalWholeNumber(PROMO_WHOLE_NUMBER),
    ...limitFields,
  })
  .refine(datesInOrder, { error: DATES_INVALID, path: ["ends_on"] })
  .transform((form, context) => {
    // A percentage is a whole number from 1 to 100; an amount a decimal read into minor units.
    const value =
      form.kind === "percent"
        ? /^\d{1,3}$/.test(form.value) && Number(form.value) >= 1
          ? Number(form.value)
          : null
        : parseMinorUnits(form.value);
    if (value === null || value < 1) {
      context.addIssue({
        code: "custom",
        path: ["value"],
        message: form.kind === "percent" ? "operator:promos.percent_invalid" : "operator:promos.amount_invalid",
      });
      return z.NEVER;
    }
    if (form.kind === "percent" && value > 100) {
      context.addIssue({ code: "custom", path: ["value"], message: TOO_MUCH });
      return z.NEVER;
    }
    return { ...form, value };
  });
