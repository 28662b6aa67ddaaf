import type { Locale } from "@estaciona/contracts";
import { i18n, loadLanguage } from "./i18n.ts";
import { LOCALE_STORAGE_KEY } from "./language.ts";
import { saveLocaleOnServer } from "./session.ts";

/**
 * docs/product/entities-and-states.md: changing the language stores it and, when signed in, tells the server (failures
 * ignored).
 */
export async function setLanguage(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  // The other language's sign-in catalogues are not in the first download (decision 0247): the
  // screen keeps its language until they are here, never showing raw keys.
  await loadLanguage(locale);
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
  void saveLocaleOnServer(locale);
}
