import type { Locale } from "@estaciona/contracts";
import { resources } from "./index.ts";

/**
 * A small server-side lookup of `namespace.key` with `{{name}}` interpolation; the SPA uses
 * i18next over the same catalogues. Unknown keys answer undefined so callers choose a fallback.
 */
export function translate(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string | undefined {
  const [namespace, ...path] = key.split(".");
  let node: unknown = (resources[locale] as Record<string, unknown>)[namespace ?? ""];
  for (const part of path)
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== "string") return undefined;
  return node.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
