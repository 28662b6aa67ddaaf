import { PHONE_DIGITS } from "./constants.ts";

/** The digits of a typed phone, at most 10 (docs/product/constants.md). */
export const phoneDigits = (value: string): string => value.replace(/\D/g, "").slice(0, PHONE_DIGITS);

/**
 * The "(000) 000-0000" mask of the sign-in phone, applied as the driver types. A few lines
 * here instead of the imask library keep the sign-in screen's first download small.
 */
export function formatPhone(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Mexico's two-digit area codes (Mexico City, Guadalajara, Monterrey); every other one has three. */
const MEXICAN_TWO_DIGIT_AREA_CODES = new Set(["33", "55", "56", "81"]);

/**
 * A stored E.164 number as people write it: `+52 81 1111 2222` (or `+52 222 123 4567` where the
 * area code has three digits) and `+1 (512) 555-0100`. Anything else is shown as stored.
 */
export function formatPhoneNumber(e164: string): string {
  const national = e164.slice(-PHONE_DIGITS);
  if (!/^\d+$/.test(national) || national.length !== PHONE_DIGITS) return e164;
  if (e164 === `+52${national}`) {
    const areaLength = MEXICAN_TWO_DIGIT_AREA_CODES.has(national.slice(0, 2)) ? 2 : 3;
    return `+52 ${national.slice(0, areaLength)} ${national.slice(areaLength, 6)} ${national.slice(6)}`;
  }
  if (e164 === `+1${national}`) return `+1 ${formatPhone(national)}`;
  return e164;
}

/** An operator's or organisation's contact as one line a person reads: the e-mail, then the phone written out. */
export const contactLine = (contact: { contact_email: string | null; contact_phone: string | null }): string =>
  [contact.contact_email, contact.contact_phone && formatPhoneNumber(contact.contact_phone)]
    .filter(Boolean)
    .join(" · ");
