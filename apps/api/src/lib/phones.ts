import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { AppError } from "./errors.ts";

/** The countries we send codes and links to (docs/product/sign-in-and-sessions.md): Mexico and the USA, not the rest of +1. */
const SERVED_COUNTRIES = new Set(["MX", "US"]);
/**
 * Types that can take an SMS. Mexico dropped its mobile prefix in 2019 and shares number blocks,
 * so the metadata types most of its numbers FIXED_LINE_OR_MOBILE; the USA types most of its the same way.
 */
const TEXTABLE_TYPES = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);
/**
 * NANP lines 555-0100 to 555-0199 are reserved for fiction in every area code; the metadata
 * counts them as ordinary numbers, so they are refused here: a code sent there is a paid SMS to nobody.
 */
const FICTIONAL_NANP_LINE = /^\+1\d{3}55501\d{2}$/;

/**
 * Whether an E.164 phone (already in the contracts' `+52|+1` shape) is a real Mexican or US
 * number that can receive a text, by libphonenumber's full metadata.
 */
export function isTextablePhone(phone: string): boolean {
  if (FICTIONAL_NANP_LINE.test(phone)) return false;
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed?.country || !SERVED_COUNTRIES.has(parsed.country) || !parsed.isValid()) return false;
  const type = parsed.getType();
  return type !== undefined && TEXTABLE_TYPES.has(type);
}

/**
 * Refuses, before anything is sent or stored, a phone we would text that cannot receive a text:
 * `invalid_data` (the spec's catalogue has no phone code) with a message in the driver's language.
 * The SPA only masks 10 digits, so this is where a Caribbean, Canadian or impossible number stops.
 */
export function requireTextablePhone(phone: string): void {
  if (!isTextablePhone(phone)) throw new AppError("invalid_data", { messageKey: "errors.api_invalid_phone" });
}
