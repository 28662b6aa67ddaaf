import type { Locale } from "@estaciona/contracts";
import type { resources } from "@estaciona/i18n";
import { auth as enAuth } from "@estaciona/i18n/locales/en/auth";
import { common as enCommon } from "@estaciona/i18n/locales/en/common";
import { errors as enErrors } from "@estaciona/i18n/locales/en/errors";
import { validation as enValidation } from "@estaciona/i18n/locales/en/validation";
import { auth as esAuth } from "@estaciona/i18n/locales/es/auth";
import { common as esCommon } from "@estaciona/i18n/locales/es/common";
import { errors as esErrors } from "@estaciona/i18n/locales/es/errors";
import { validation as esValidation } from "@estaciona/i18n/locales/es/validation";
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
 * The namespaces the sign-in screen needs ship with the entry chunk; every other screen brings
 * its own namespaces with its lazy route module (`registerNamespaces`), which keeps the first
 * download for `/` small.
 */
const entryResources = {
  en: { common: enCommon, auth: enAuth, errors: enErrors, validation: enValidation },
  es: { common: esCommon, auth: esAuth, errors: esErrors, validation: esValidation },
};

export const i18n: I18n = i18next.createInstance();

export async function initI18n(language: Locale): Promise<I18n> {
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: "en",
    supportedLngs: ["es", "en"],
    defaultNS: "common",
    ns: Object.keys(entryResources.en),
    resources: entryResources,
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
