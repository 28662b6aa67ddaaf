import { type Country, DEFAULT_MAP_OPTIONS, type Locale, THEMES } from "@estaciona/contracts";
import { brandCustomProperties } from "@estaciona/contracts/brand";
import type { HostConfig } from "@estaciona/contracts/schemas/host";

/**
 * The theme-store defaults of docs/product/entities-and-states.md (theme isisa, width 250, empty login text, this
 * hostname). They apply only when the page was not served by the API (the Vite dev server or
 * a static preview), since the API always injects the requesting host's configuration.
 */
export function defaultHostConfig(hostname: string): HostConfig {
  return {
    hostname,
    theme: "isisa",
    domain: "estaciona",
    subdomain: null,
    country: "mx",
    force_spanish: false,
    login_text: { es: "", en: "" },
    width: 250,
    map_options: { ...DEFAULT_MAP_OPTIONS.isisa, style_url: null },
    privacy_url_en: null,
    // colour-lint: data — the isisa theme's brand colour as the theme store's default record holds it.
    brand: { name: "Estaciona", primary_color: "#7a1f3d", logo: "/themes/isisa/logo.svg" },
    features: [],
    client_id: "estaciona-web",
    contact: { email: null, phone: null },
    faq: null,
    analytics_id: null,
    error_reporting_dsn: null,
    error_reporting_sample_rate: 1,
  };
}

/**
 * The server built this block from the contracts' schema, so a light check of the fields the
 * first paint depends on is enough (and keeps the schema library out of the first download).
 */
function looksLikeHostConfig(value: unknown): value is HostConfig {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<Record<keyof HostConfig, unknown>>;
  return (
    typeof candidate.theme === "string" &&
    (THEMES as readonly string[]).includes(candidate.theme) &&
    typeof candidate.client_id === "string" &&
    typeof candidate.width === "number" &&
    typeof candidate.login_text === "object" &&
    typeof candidate.brand === "object" &&
    typeof candidate.contact === "object"
  );
}

/** Reads the `<script type="application/json" id="host-config">` block the API injects. */
export function readHostConfig(doc: Document = document): HostConfig {
  const fallback = defaultHostConfig(doc.location?.hostname ?? "localhost");
  const text = doc.getElementById("host-config")?.textContent;
  if (!text) return fallback;
  try {
    const parsed: unknown = JSON.parse(text);
    if (looksLikeHostConfig(parsed)) return parsed;
    console.warn("The injected host configuration is not valid; using the defaults.");
  } catch {
    console.warn("The injected host configuration is not JSON; using the defaults.");
  }
  return fallback;
}

let current: HostConfig | undefined;

/** The host's configuration, read once per page load. */
export function getHostConfig(): HostConfig {
  current ??= readHostConfig();
  return current;
}

/** For tests: pretend the page was served for another host. */
export function setHostConfigForTesting(config: HostConfig): void {
  current = config;
}

/**
 * Applies the theme: its name as the body's only class (the API already did this on the first
 * paint; we repeat it for the dev server) and the host's login-box width and brand colour as CSS
 * custom properties the theme stylesheet reads.
 */
export function applyTheme(config: HostConfig, doc: Document = document): void {
  doc.body.className = config.theme;
  doc.documentElement.style.setProperty("--login-width", `${config.width}px`);
  for (const [name, value] of Object.entries(brandCustomProperties(config.brand.primary_color) ?? {}))
    doc.body.style.setProperty(name, value);
}

export function loginText(config: HostConfig, locale: Locale): string {
  return config.login_text[locale];
}

/** Payment locale of docs/product/constants.md: mx for Mexican hosts or a country=mx query, otherwise us. */
export function paymentLocale(config: HostConfig, countryQuery: string | null): Country {
  return config.country === "mx" || countryQuery === "mx" ? "mx" : "us";
}

export const isFreeflowHost = (config: HostConfig) => config.theme === "freeflow" || config.domain === "freeflow";
