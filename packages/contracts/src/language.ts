import type { Locale } from "./constants.ts";

export interface LanguageInputs {
  /** The `locale` kept in browser storage, if any. */
  stored: string | null;
  /** navigator.language, if any. */
  browser: string | null | undefined;
  /** Hosts that always speak Spanish. */
  forceSpanish: boolean;
  /** The `country` query value, if present. */
  countryQuery: string | null;
}

/** Spanish or English; any other language falls back to English (docs/product/hosts-and-themes.md). */
export function toSupportedLocale(language: string): Locale {
  return language.trim().toLowerCase().startsWith("es") ? "es" : "en";
}

/**
 * docs/product/hosts-and-themes.md: a Spanish-only host always speaks Spanish; a `country` query picks English for `us`
 * and Spanish for anything else; otherwise the stored choice, else the browser's language,
 * else Spanish.
 */
export function resolveLanguage({ stored, browser, forceSpanish, countryQuery }: LanguageInputs): Locale {
  if (forceSpanish) return "es";
  if (countryQuery !== null) return countryQuery === "us" ? "en" : "es";
  if (stored) return toSupportedLocale(stored);
  if (browser) return toSupportedLocale(browser);
  return "es";
}
