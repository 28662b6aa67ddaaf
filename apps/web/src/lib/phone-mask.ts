import { PHONE_DIGITS } from "@estaciona/contracts";

/** The digits of a typed phone, at most 10 (spec §9). */
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
