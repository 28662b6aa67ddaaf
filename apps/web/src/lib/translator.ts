import type { Locale } from "@estaciona/contracts";
import type { i18n as I18n } from "i18next";
import { useCallback } from "react";
import { createStore, useStore } from "./store.ts";

type Bundle = { [key: string]: string | Bundle };
type Catalogues = Record<string, Bundle>;
export type TranslationParams = Record<string, unknown>;

/**
 * The sign-in screen's namespaces, one chunk per language: only the driver's is fetched before
 * the first render (the server preloads it, decision 0247).
 */
const firstScreenCatalogues: Record<Locale, () => Promise<{ catalogues: unknown }>> = {
  en: () => import("./catalogues/first-screen/en.ts"),
  es: () => import("./catalogues/first-screen/es.ts"),
};

const loaded: Partial<Record<Locale, Catalogues>> = {};

/** The language every text is in; the first screen re-renders on it (decision 0326). */
export const languageStore = createStore<Locale>("es");

export const currentLocale = (): Locale => languageStore.get();

/**
 * i18next, once the router has brought it in (lib/i18n.ts): from then on it answers every key,
 * with every namespace and plural the lazy screens register.
 */
let fullTranslator: I18n | undefined;

/** Brings a language's sign-in catalogues in (once) and answers them. */
export async function loadLanguage(language: Locale): Promise<Catalogues> {
  const known = loaded[language];
  if (known) return known;
  const { catalogues } = await firstScreenCatalogues[language]();
  loaded[language] ??= catalogues as Catalogues;
  if (fullTranslator)
    for (const [namespace, bundle] of Object.entries(loaded[language]))
      fullTranslator.addResourceBundle(language, namespace, bundle, true, false);
  return loaded[language];
}

/** The sign-in catalogues already here, by language: what i18next starts with. */
export function loadedCatalogues(): Partial<Record<Locale, Catalogues>> {
  return loaded;
}

/** Hands every later translation to i18next; its language changes move the store. */
export function handOverTo(i18n: I18n): void {
  fullTranslator = i18n;
  i18n.on("languageChanged", (language) => languageStore.set(language === "en" ? "en" : "es"));
}

/** Switches language once its sign-in catalogues are in, so no text ever shows a raw key. */
export async function switchLanguage(language: Locale): Promise<void> {
  await loadLanguage(language);
  await fullTranslator?.changeLanguage(language);
  languageStore.set(language);
}

function lookUp(key: string): string | undefined {
  const [namespace, path] = key.includes(":") ? key.split(":", 2) : ["common", key];
  let node: string | Bundle | undefined = loaded[languageStore.get()]?.[namespace as string];
  for (const part of (path as string).split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** Whether the catalogue has the key (`namespace:path`, `common` when no namespace is named). */
export function hasTranslation(key: string): boolean {
  if (fullTranslator) return fullTranslator.exists(key);
  return lookUp(key) !== undefined;
}

/**
 * The key's text in the current language with its `{{name}}` placeholders filled: i18next's keys
 * and syntax, without i18next on the first screen (decision 0326).
 */
export function translate(key: string, params?: TranslationParams): string {
  if (fullTranslator) return fullTranslator.t(key as never, params as never) as unknown as string;
  const text = lookUp(key);
  if (text === undefined) return key;
  return params ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? "")) : text;
}

/**
 * The first screen's `t`, as react-i18next's `useTranslation(namespace).t`: keys without a
 * namespace are the given one's; its component re-renders when the language changes.
 */
export function useT(namespace = "common"): (key: string, params?: TranslationParams) => string {
  const language = useStore(languageStore);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` for each language, as react-i18next's, re-runs the effects that read it.
  return useCallback(
    (key: string, params?: TranslationParams) => translate(key.includes(":") ? key : `${namespace}:${key}`, params),
    [namespace, language],
  );
}

/**
 * Contract validation messages are `namespace.key` (packages/contracts MESSAGE); catalogue keys
 * separate the namespace with a colon.
 */
export function translateMessage(message: string | undefined, params?: TranslationParams): string | undefined {
  if (!message) return undefined;
  return translate(message.includes(":") ? message : message.replace(".", ":"), params);
}
