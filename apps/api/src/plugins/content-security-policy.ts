import type { Config } from "../config.ts";
import { FIRST_SCREEN_SCRIPT_HASH } from "./first-screen.ts";

/** The analytics tag's script and the hosts it reports to (apps/web/src/lib/analytics.ts). */
const ANALYTICS_SCRIPT_ORIGINS = ["https://www.googletagmanager.com"];
const ANALYTICS_REPORT_ORIGINS = ["https://*.google-analytics.com", "https://*.analytics.google.com"];

/**
 * The Content Security Policy (docs/product/sign-in-and-sessions.md, research/reliability.md TOK-11, PCI-2): scripts,
 * frames and connections only from our origin, the configured payment gateways, and — only when
 * configured — the analytics and error-reporting hosts. Nothing else can run on our pages.
 */
export function contentSecurityDirectives(config: Config, paymentOrigins: string[]) {
  // The map's street style (MAP_STYLE_URL, decision 0220) fetches its style, tiles, glyphs and sprites from its
  // origin, and from MAP_TILE_ORIGINS when they live elsewhere: exactly those hosts, none named here.
  const mapOrigins = config.web.mapStyleUrl
    ? [...new Set([new URL(config.web.mapStyleUrl).origin, ...config.web.mapTileOrigins])]
    : [];
  const analytics = config.web.analyticsId ? ANALYTICS_SCRIPT_ORIGINS : [];
  const analyticsReports = config.web.analyticsId ? [...ANALYTICS_SCRIPT_ORIGINS, ...ANALYTICS_REPORT_ORIGINS] : [];
  const errorReports = config.web.errorReportingDsn ? [new URL(config.web.errorReportingDsn).origin] : [];
  return {
    defaultSrc: ["'self'"],
    // The error-reporting SDK is bundled (a chunk of our own): only its reports leave, to the DSN's origin.
    // The one inline script: the first screen's, before any download (decision 0247).
    scriptSrc: ["'self'", FIRST_SCREEN_SCRIPT_HASH, ...paymentOrigins, ...analytics],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", ...analyticsReports, ...mapOrigins],
    connectSrc: ["'self'", ...paymentOrigins, ...analyticsReports, ...errorReports, ...mapOrigins],
    frameSrc: ["'self'", ...paymentOrigins],
    workerSrc: ["'self'", "blob:"],
    // The service worker and the host's manifest are ours (docs/offline.md).
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
