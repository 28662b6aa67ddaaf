import type { HostConfig, HostFaq } from "@estaciona/contracts/schemas/host";
import type { Config } from "../../config.ts";
import type { Executor } from "../../db/database.ts";
import { findHostnameForLocation, findHostOrDefault, listHostnames, listLocationIdsOfHost } from "./repository.ts";

/** `Host: isisa.localhost:8080` → `isisa.localhost`. */
export const hostnameOf = (hostHeader: string | undefined): string =>
  (hostHeader ?? "")
    .replace(/:\d+$/, "")
    .replace(/^\[|\]$/g, "")
    .toLowerCase();

export type HostRow = NonNullable<Awaited<ReturnType<typeof findHostOrDefault>>>;

export async function resolveHost(db: Executor, hostHeader: string | undefined): Promise<HostRow> {
  const host = await findHostOrDefault(db, hostnameOf(hostHeader));
  if (!host) throw new Error("No default host is configured: the hosts table needs a row with is_default = 1");
  return host;
}

/**
 * What a host may show and sell (docs/decisions/0165): the ids of its locations, or null on the
 * platform's default host, which shows every organisation's. Every driver-facing list (passes,
 * promo landings, events, lots, meter zones) is cut to it, so a university host never sells
 * the arena's passes and the US host never shows a peso.
 */
export async function hostLocationIds(db: Executor, hostHeader: string | undefined): Promise<string[] | null> {
  const host = await resolveHost(db, hostHeader);
  if (host.is_default === 1) return null;
  return listLocationIdsOfHost(db, hostScope(host));
}

/** The rule behind every host's lists: its country, its organisation and the lots it names (null: no cut). */
export interface HostScope {
  country: "mx" | "us";
  organisationId: string | null;
  locationIds: string[] | null;
}

/** What a host may show (docs/decisions/0165); the platform's default host is cut only to its country. */
export function hostScope(host: HostRow): HostScope {
  if (host.is_default === 1) return { country: host.country, organisationId: null, locationIds: null };
  return {
    country: host.country,
    organisationId: host.organisation_id,
    locationIds: host.location_ids ? (JSON.parse(host.location_ids) as string[]) : null,
  };
}

/** Whether a host offers a location (always on the default host). */
export const hostOffers = (locationIds: string[] | null, locationId: string): boolean =>
  locationIds === null || locationIds.includes(locationId);

/** What the SPA may know about a host: injected into index.html and answered by `GET /api/open/host`. */
export function publicHostConfig(host: HostRow, requestedHostname: string, config: Config): HostConfig {
  return {
    hostname: requestedHostname || host.hostname,
    theme: host.theme,
    domain: host.domain,
    subdomain: host.subdomain,
    country: host.country,
    force_spanish: host.force_spanish === 1,
    login_text: { es: host.login_text_es, en: host.login_text_en },
    width: host.width,
    map_options: {
      center: { lat: host.map_lat, lng: host.map_lng },
      zoom: host.map_zoom,
      style_url: config.web.mapStyleUrl,
    },
    privacy_url_en: host.privacy_url_en,
    brand: { name: host.brand_name, primary_color: host.primary_color, logo: host.logo },
    features: JSON.parse(host.features) as string[],
    client_id: host.client_id,
    // The host's own support contact first: one organisation runs hosts in two countries.
    contact: { email: host.support_email ?? host.contact_email, phone: host.support_phone ?? host.contact_phone },
    faq: host.faq ? (JSON.parse(host.faq) as HostFaq) : null,
    analytics_id: config.web.analyticsId,
    error_reporting_dsn: config.web.errorReportingDsn,
    error_reporting_sample_rate: config.web.errorReportingSampleRate,
  };
}

/**
 * How long an instance trusts its list of our hostnames. Hosts are added by a deploy or the
 * platform console, rarely: until the list is re-read, a new host's bank returns go to PUBLIC_URL.
 */
const HOSTNAMES_TTL_MS = 30_000;
let hostnames: { names: Set<string>; readAt: number } | null = null;

/**
 * The origin the driver's browser is on: PUBLIC_URL's scheme with the request's Host when that
 * names one of our hosts, else PUBLIC_URL. The bank's 3-D Secure page must send the driver back
 * to the origin whose storage holds their session and theme; an unknown Host header never
 * chooses where a bank sends a driver.
 */
export async function driverOrigin(
  deps: { db: Executor; config: { publicUrl: string } },
  request: { host: string },
): Promise<string> {
  const { publicUrl } = deps.config;
  const hostHeader = request.host;
  const hostname = hostnameOf(hostHeader);
  if (!hostHeader || !hostname) return publicUrl;
  const publicOrigin = new URL(publicUrl);
  if (hostname === publicOrigin.hostname) return publicUrl;
  return (await isOurHostname(deps, hostname)) ? `${publicOrigin.protocol}//${hostHeader.toLowerCase()}` : publicUrl;
}

/** Whether a hostname (no port) is PUBLIC_URL's or one of the hosts table's: where our pages run. */
export async function isOurHostname(
  deps: { db: Executor; config: { publicUrl: string } },
  hostname: string,
): Promise<boolean> {
  if (hostname === new URL(deps.config.publicUrl).hostname) return true;
  if (!hostnames || Date.now() - hostnames.readAt > HOSTNAMES_TTL_MS)
    hostnames = { names: new Set(await listHostnames(deps.db)), readAt: Date.now() };
  return hostnames.names.has(hostname);
}

/**
 * Where a message sent later (a reminder, a receipt, a renewal notice, a valet ticket) links: the
 * origin the driver bought on when it was kept (`driverOrigin` at the purchase), else the host of
 * the location's country (`findHostnameForLocation`) on PUBLIC_URL's scheme and port, else
 * PUBLIC_URL. A link must open where the driver's session, theme and card form are theirs.
 */
export async function messageOrigin(
  deps: { db: Executor; config: { publicUrl: string } },
  kept: string | null,
  location: { organisation_id: string; country: "mx" | "us" },
): Promise<string> {
  if (kept) return kept;
  const { publicUrl } = deps.config;
  const hostname = await findHostnameForLocation(deps.db, location);
  const origin = new URL(publicUrl);
  if (!hostname || hostname === origin.hostname) return publicUrl;
  origin.hostname = hostname;
  return origin.origin;
}

/** Each theme's own brand colour (apps/web/src/styles/themes.css), for a host whose colour is not a plain hex. */
const THEME_COLOURS: Record<HostConfig["theme"], string> = {
  estaciona: "#0b5cad",
  isisa: "#7a1f3d",
  freeflow: "#0b6e4f",
};

/** The colour the host's pages are painted with: its brand colour, else its theme's. */
export function hostThemeColour(config: Pick<HostConfig, "theme" | "brand">): string {
  const colour = config.brand.primary_color.trim().toLowerCase();
  return /^#[0-9a-f]{6}$/.test(colour) ? colour : THEME_COLOURS[config.theme];
}

/** The host's own language: Spanish on Mexican and Spanish-only hosts, else English. */
export const hostLocale = (config: Pick<HostConfig, "force_spanish" | "country">): "es" | "en" =>
  config.force_spanish || config.country === "mx" ? "es" : "en";

/**
 * The web app manifest of one host (docs/offline.md, docs/decisions/0190): the host's name,
 * its theme's icon and its colour, so the installed app is that host's, in its language.
 */
export function webManifest(config: HostConfig) {
  const spanish = hostLocale(config) === "es";
  return {
    id: "/",
    name: config.brand.name,
    short_name: config.brand.name,
    description: spanish
      ? `${config.brand.name}: estacionamientos, parquímetros, pensiones y eventos.`
      : `${config.brand.name}: parking lots, meters, passes and events.`,
    lang: spanish ? "es" : "en",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: hostThemeColour(config),
    background_color: "#ffffff",
    icons: [
      { src: `/themes/${config.theme}/icon.svg`, sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: "/favicon.ico", sizes: "32x32", type: "image/x-icon" },
    ],
  };
}
