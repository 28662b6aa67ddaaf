import type { Locale } from "@estaciona/contracts";
import type { resources } from "@estaciona/i18n";
import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["en"];
  }
}

type Catalogues = (typeof resources)["en"];
export type Namespace = keyof Catalogues;

/**
 * The namespaces the sign-in screen needs come in one chunk per language, and only the driver's
 * language is fetched before the first render (the server preloads the host's, decision 0247);
 * every other screen brings its own namespaces with its lazy route module (`registerNamespaces`).
 * This keeps the first download for `/` small.
 */
const firstScreenCatalogues: Record<Locale, () => Promise<{ catalogues: Partial<Catalogues> }>> = {
  en: () => import("./catalogues/first-screen/en.ts"),
  es: () => import("./catalogues/first-screen/es.ts"),
};

export const i18n: I18n = i18next.createInstance();

/**
 * Brings a language's sign-in catalogues in (once). A switch of language awaits it before
 * `changeLanguage`, so no screen ever renders a raw key while the other language downloads.
 */
export async function loadLanguage(language: Locale): Promise<void> {
  if (i18n.hasResourceBundle(language, "auth")) return;
  const { catalogues } = await firstScreenCatalogues[language]();
  for (const [namespace, bundle] of Object.entries(catalogues))
    i18n.addResourceBundle(language, namespace, bundle, true, false);
}

export async function initI18n(language: Locale): Promise<I18n> {
  const { catalogues } = await firstScreenCatalogues[language]();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: "en",
    supportedLngs: ["es", "en"],
    defaultNS: "common",
    ns: Object.keys(catalogues),
    resources: { [language]: catalogues },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
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

/**
 * Contract validation messages are `namespace.key` (packages/contracts MESSAGE); i18next
 * separates namespaces with a colon.
 */
export function translateMessage(message: string | undefined, params?: Record<string, unknown>): string | undefined {
  if (!message) return undefined;
  const key = message.includes(":") ? message : message.replace(".", ":");
  // The key comes from the contracts at run time, so it cannot be checked against the catalogue type.
  return i18n.t(key as never, params as never) as unknown as string;
}

export const currentLocale = (): Locale => (i18n.language === "en" ? "en" : "es");
