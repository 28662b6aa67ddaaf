import { DEFAULT_LOCALE, FALLBACK_LOCALE, type Locale } from "@estaciona/contracts";

/**
 * The request's language from Accept-Language (the SPA sends the driver's choice): the first
 * listed language that is Spanish or English; any other language falls back to English and no
 * header at all means Spanish (docs/product/hosts-and-themes.md).
 */
export function requestLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const first = acceptLanguage
    .split(",")
    .map((part) => part.split(";")[0]?.trim().toLowerCase() ?? "")
    .find((tag) => tag.length > 0 && tag !== "*");
  if (!first) return DEFAULT_LOCALE;
  if (first.startsWith("es")) return "es";
  if (first.startsWith("en")) return "en";
  return FALLBACK_LOCALE;
}
