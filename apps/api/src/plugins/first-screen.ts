import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Locale } from "@estaciona/contracts";
import { resolveLanguage } from "@estaciona/contracts/language";
import type { HostConfig } from "@estaciona/contracts/schemas/host";
import { translate } from "@estaciona/i18n";

/**
 * The sign-in screen painted before any script (decision 0247): index.html carries a static copy
 * of the wizard's first step (the host's logo and text, the phone step) in the driver's language,
 * with the same classes as the React screen (apps/web/src/features/auth/components/login-wizard.tsx,
 * phone-step.tsx, components/bare-layout.tsx), so the stylesheet alone paints it and React's
 * first render replaces it in place. Its controls are disabled: nothing typed before the app
 * runs can be lost when it is replaced.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The language the app will choose (`resolveLanguage`), from what the server sees: the host, the
 * `country` query and the browser's first language. Only the stored choice is the browser's
 * alone; the shell's script drops the copy when it differs (below).
 */
export function firstScreenLanguage(
  config: Pick<HostConfig, "force_spanish">,
  acceptLanguage: string | undefined,
  countryQuery: string | null,
): { locale: Locale; fixed: boolean } {
  const browser = acceptLanguage?.split(",")[0]?.split(";")[0] ?? null;
  const inputs = { stored: null, browser, forceSpanish: config.force_spanish, countryQuery };
  // A stored language counts only when neither the host nor the query decides.
  return { locale: resolveLanguage(inputs), fixed: config.force_spanish || countryQuery !== null };
}

/**
 * Runs before the first paint (parser-blocking, inline, allowed by its hash in the CSP): a driver
 * with a session is sent on by the app, a stored language other than the copy's would swap every
 * word, and the service worker answers every route offline with its one kept copy of `/`: in each
 * case the copy goes and the page starts blank, as it did before.
 *
 * Then it starts the app (decision 0345): the entry module and its preloads, listed in
 * `#app-modules` (`deferAppModules`), are added once the copy has been painted (the frame after
 * this one), so no script request competes with the document for the first paint. With no copy
 * to show, or a page nobody sees (a background tab paints no frame), they start at once.
 */
export const FIRST_SCREEN_SCRIPT =
  '(function(){var e=document.getElementById("first-screen"),s=localStorage.getItem("locale"),' +
  'm=document.getElementById("app-modules"),d=0;' +
  'if(e&&(location.pathname!=="/"||localStorage.getItem("refresh_token")||(s&&!e.hasAttribute("data-fixed")&&' +
  '(/^\\s*es/i.test(s)?"es":"en")!==e.lang)))e.remove(),e=null;' +
  "function go(){if(d||!m)return;d=1;JSON.parse(m.textContent).forEach(function(f,i){" +
  'var n=document.createElement(i?"link":"script");if(i)n.rel="modulepreload",n.href=f;else n.type="module",n.src=f;' +
  'n.crossOrigin="";document.head.appendChild(n)})}' +
  'var P=window.PerformanceObserver;if(!e||document.visibilityState!=="visible")return go();' +
  'document.addEventListener("visibilitychange",go);' +
  'var o=P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0;if(o)new P(function(l){' +
  'if(l.getEntriesByName("first-contentful-paint").length)go()}).observe({type:"paint",buffered:true});' +
  "requestAnimationFrame(function(){setTimeout(go,o?2000:0)})})()";
export const FIRST_SCREEN_SCRIPT_HASH = `'sha256-${createHash("sha256").update(FIRST_SCREEN_SCRIPT).digest("base64")}'`;

export interface LogoSize {
  width: number;
  height: number;
}

/** The size an SVG declares on its root (`width`, `height`). */
export function svgSize(svg: string): LogoSize | undefined {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const width = /\swidth="(\d+(?:\.\d+)?)"/.exec(root)?.[1];
  const height = /\sheight="(\d+(?:\.\d+)?)"/.exec(root)?.[1];
  return width && height ? { width: Number(width), height: Number(height) } : undefined;
}

const logoSizes = new Map<string, LogoSize | undefined>();

/**
 * A logo of the build's own (`/themes/…/logo.svg`), measured once: the copy's image gets its
 * proportions before it loads, so the form below it does not move when it arrives.
 */
export function logoSize(webDistDir: string, logo: string): LogoSize | undefined {
  if (!/^\/[\w/.-]+\.svg$/.test(logo) || logo.includes("..")) return undefined;
  if (!logoSizes.has(logo)) {
    const file = path.join(webDistDir, logo);
    logoSizes.set(logo, existsSync(file) ? svgSize(readFileSync(file, "utf8")) : undefined);
  }
  return logoSizes.get(logo);
}

/** The static first screen for `#root`, followed by its script. */
export function firstScreenHtml(
  config: HostConfig,
  { locale, fixed }: { locale: Locale; fixed: boolean },
  logo?: LogoSize,
): string {
  const t = (key: string, params: Record<string, string> = {}) => escapeHtml(translate(locale, key, params) ?? "");
  const option = (code: Locale, flagWidth: number) =>
    `<button type="button" lang="${code}" aria-label="${t(`common.language.${code}`)}" class="language-option" aria-pressed="${code === locale}" disabled>` +
    `<svg viewBox="0 0 ${flagWidth} 20" width="24" height="16" aria-hidden="true" focusable="false"></svg><span>${t(`common.language.${code}`)}</span></button>`;
  // English defaults the dial code to +1 (apps/web/src/lib/language.ts, defaultDialCountry).
  const dialOption = (country: "mx" | "us") =>
    `<option value="${country}"${(country === "us") === (locale === "en") ? " selected" : ""}>${t(`auth.phone_step.country_${country}`)}</option>`;
  const selector = config.force_spanish
    ? ""
    : `<div class="language-selector" role="group" aria-label="${t("common.language.label")}">${option("es", 30)}${option("en", 38)}</div>`;
  const text = config.login_text[locale];
  return (
    `<div id="first-screen" class="bare-layout" lang="${locale}"${fixed ? " data-fixed" : ""}>` +
    `<header class="bare-header">${selector}</header>` +
    '<main id="main" class="bare-main"><div class="login"><div class="login-brand">' +
    `<img class="login-logo" src="${escapeHtml(config.brand.logo)}" alt="${t("common.logo_alt", { brand: config.brand.name })}"${logo ? ` width="${logo.width}" height="${logo.height}"` : ""} />` +
    (text ? `<p class="login-text">${escapeHtml(text)}</p>` : "") +
    '</div><div class="login-card"><form class="form" novalidate>' +
    `<h2 class="step-title" tabindex="-1">${t("auth.phone_step.heading")}</h2>` +
    '<div class="phone-row">' +
    `<div class="field"><label class="field-label" for="first-screen-country">${t("auth.phone_step.country_code")}</label>` +
    `<select id="first-screen-country" class="input select" disabled>${dialOption("mx")}${dialOption("us")}</select></div>` +
    `<div class="field"><label class="field-label" for="first-screen-phone">${t("auth.phone_step.phone")}</label>` +
    '<input id="first-screen-phone" class="input" type="tel" placeholder="(000) 000-0000" disabled /></div>' +
    "</div>" +
    `<button type="submit" class="button button-primary button-block" disabled>${t("auth.phone_step.continue")}</button>` +
    `<p class="disclaimer">${t("auth.phone_step.disclaimer")} ${t("auth.phone_step.accept_privacy")} <a href="/privacidad">${t("auth.phone_step.privacy_link")}</a>.</p>` +
    `<p class="notice notice-warning">${t("auth.phone_step.risk_notice")}</p>` +
    "</form></div></div></main></div>" +
    `<script>${FIRST_SCREEN_SCRIPT}</script>`
  );
}

/** A Vite manifest's entries: the source path of each chunk → its file and static imports. */
export type ViteManifest = Record<string, { file: string; imports?: string[] }>;

/** The sign-in catalogue of one language and what it imports (apps/web/src/lib/catalogues/first-screen). */
export function catalogueFiles(manifest: ViteManifest, locale: Locale): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(`src/lib/catalogues/first-screen/${locale}.ts`);
  return [...files].map((file) => `/${file}`);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\s*/g;

/**
 * The document of `/` without its entry script and module preloads (decision 0345): they become
 * the list `#app-modules` (the entry first, then the build's preloads and `extraPreloads`, the
 * language's catalogue), which the first screen's script starts once the copy is painted. Lantern,
 * Lighthouse's simulation, counts every request started before the first paint against it; the
 * copy needs none of them. A document without an entry script is returned as it is.
 */
export function deferAppModules(html: string, extraPreloads: string[]): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? "");
  const list = JSON.stringify([entry, ...new Set([...preloads, ...extraPreloads])]);
  return html
    .replace(ENTRY_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace("</head>", `<script type="application/json" id="app-modules">${list}</script>\n</head>`);
}
