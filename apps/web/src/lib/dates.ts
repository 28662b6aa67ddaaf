import type { Locale as Language } from "@estaciona/contracts";
import type { Locale as DateLocale } from "date-fns";
import { createStore } from "./store.ts";

/**
 * The date-fns locale of the current language. It is loaded on demand so that the sign-in
 * screen, which shows no dates, does not download it.
 */
export const dateLocaleStore = createStore<DateLocale | undefined>(undefined);

export async function loadDateLocale(language: Language): Promise<void> {
  try {
    const locale =
      language === "es" ? (await import("date-fns/locale/es")).es : (await import("date-fns/locale/en-US")).enUS;
    dateLocaleStore.set(locale);
  } catch (error) {
    // Dates keep the locale they had (date-fns' English at first): not worth stopping the app for.
    console.warn("The date locale could not be downloaded.", error);
  }
}
