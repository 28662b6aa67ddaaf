import type { Locale } from "@estaciona/contracts";
import i18next from "i18next";
import { NAMESPACES, resources } from "./resources.ts";

/**
 * The server's translator: i18next over the same catalogues as the SPA, so plurals (`_one`,
 * `_other` by the language's rules), interpolation and fallback work alike on both sides.
 * Initialised synchronously: the catalogues are in memory.
 */
const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: "es",
  fallbackLng: "en",
  supportedLngs: ["es", "en"],
  ns: NAMESPACES,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/**
 * Keys are built at run time from `namespace.key` text, so the instance is used untyped: the
 * SPA's typing of i18next (its own keys, `apps/web/src/lib/i18n.ts`) does not apply here.
 */
interface RuntimeTranslator {
  exists(key: string, options: Record<string, unknown>): boolean;
  t(key: string, options: Record<string, unknown>): string;
}
const translator = instance as unknown as RuntimeTranslator;

/**
 * `namespace.key` in a language, with `{{name}}` values (and `count` for plurals). Unknown keys
 * answer undefined so callers choose a fallback.
 */
export function translate(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string | undefined {
  const [ns = "", ...path] = key.split(".");
  const options = { ...params, lng: locale, ns };
  const name = path.join(".");
  if (!translator.exists(name, options)) return undefined;
  return translator.t(name, options);
}
