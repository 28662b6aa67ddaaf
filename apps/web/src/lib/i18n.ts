import type { resources } from "@estaciona/i18n";
import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { handOverTo, languageStore, loadedCatalogues, loadLanguage } from "./translator.ts";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["en"];
  }
}

type Catalogues = (typeof resources)["en"];
export type Namespace = keyof Catalogues;

export { currentLocale, loadLanguage, translateMessage } from "./translator.ts";

/**
 * i18next and react-i18next come with the router, not in the first download of `/`: the sign-in
 * screen reads the same catalogues through lib/translator.ts (decision 0326). Every other screen
 * brings its own namespaces with its lazy route module (`registerNamespaces`).
 */
export const i18n: I18n = i18next.createInstance();

/** Starts i18next in the translator's language with the sign-in catalogues already here, then answers every key. */
export async function initI18n(): Promise<I18n> {
  if (i18n.isInitialized) return i18n;
  const language = languageStore.get();
  const catalogues = await loadLanguage(language);
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: "en",
    supportedLngs: ["es", "en"],
    defaultNS: "common",
    ns: Object.keys(catalogues),
    // Its own copies: the lazy screens' namespaces go to i18next's store, not into the sign-in catalogues.
    resources: Object.fromEntries(
      Object.entries(loadedCatalogues()).map(([lng, catalogues]) => [lng, { ...catalogues }]),
    ),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  handOverTo(i18n);
  return i18n;
}

/** Adds a lazy screen's catalogues in both languages, so switching language needs no download. */
export function registerNamespaces<N extends Namespace>(
  namespace: N,
  catalogues: { en: Catalogues[N]; es: Catalogues[N] },
): void {
  // A module imported before start-up (a shared component's, under a component test) adds its
  // words once i18next has started: before `init` the instance has no resource store.
  if (!i18n.isInitialized) {
    i18n.on("initialized", () => registerNamespaces(namespace, catalogues));
    return;
  }
  for (const language of ["en", "es"] as const) {
    if (!i18n.hasResourceBundle(language, namespace))
      i18n.addResourceBundle(language, namespace, catalogues[language], true, false);
  }
}
