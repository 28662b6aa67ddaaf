import type { Country, Locale } from "@estaciona/contracts";

export const LOCALE_STORAGE_KEY = "locale";

// The rule is shared with the server, which paints the first screen in the same language before any
// script runs (decision 0247).
export { type LanguageInputs, resolveLanguage, toSupportedLocale } from "@estaciona/contracts/language";

/** English defaults the phone country code to +1, Spanish to +52 (docs/product/hosts-and-themes.md). */
export function defaultDialCountry(locale: Locale): Country {
  return locale === "en" ? "us" : "mx";
}
