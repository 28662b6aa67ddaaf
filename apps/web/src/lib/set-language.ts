import type { Locale } from "@estaciona/contracts";
import { LOCALE_STORAGE_KEY } from "./language.ts";
import { saveLocaleOnServer } from "./session.ts";
import { switchLanguage } from "./translator.ts";

/**
 * docs/product/entities-and-states.md: changing the language stores it and, when signed in, tells the server (failures
 * ignored).
 */
export async function setLanguage(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  // The other language's sign-in catalogues are not in the first download (decision 0247): the
  // screen keeps its language until they are here, never showing raw keys.
  await switchLanguage(locale);
  document.documentElement.lang = locale;
  void saveLocaleOnServer(locale);
}
