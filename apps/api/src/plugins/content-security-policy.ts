import type { Config } from "../config.ts";

/** The analytics tag's script and the hosts it reports to (apps/web/src/lib/analytics.ts). */
const ANALYTICS_SCRIPT_ORIGINS = ["https://www.googletagmanager.com"];
const ANALYTICS_REPORT_ORIGINS = ["https://*.google-analytics.com", "https://*.analytics.google.com"];
/** The error-reporting browser bundle's CDN (apps/web/src/lib/analytics.ts). */
const ERROR_REPORTING_SCRIPT_ORIGINS = ["https://browser.sentry-cdn.com"];

/**
 * The Content Security Policy (docs/product/sign-in-and-sessions.md, research/reliability.md TOK-11, PCI-2): scripts,
 * frames and connections only from our origin, the configured payment gateways, and — only when
 * configured — the analytics and error-reporting hosts. Nothing else can run on our pages.
 */
export function contentSecurityDirectives(config: Config, paymentOrigins: string[]) {
  // A production map style (MAP_STYLE_URL) fetches its style, tiles, glyphs and sprites from its origin.
  const mapOrigins = config.web.mapStyleUrl ? [new URL(config.web.mapStyleUrl).origin] : [];
  const analytics = config.web.analyticsId ? ANALYTICS_SCRIPT_ORIGINS : [];
  const analyticsReports = config.web.analyticsId ? [...ANALYTICS_SCRIPT_ORIGINS, ...ANALYTICS_REPORT_ORIGINS] : [];
  const errorReporting = config.web.errorReportingDsn ? ERROR_REPORTING_SCRIPT_ORIGINS : [];
  const errorReports = config.web.errorReportingDsn ? [new URL(config.web.errorReportingDsn).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...paymentOrigins, ...analytics, ...errorReporting],
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
