import type { HostConfig } from "@estaciona/contracts/schemas/host";

/**
 * Analytics and error reporting are off unless the host configuration names them (docs/product/calls-and-errors.md):
 * their scripts are added to the page only then, so nothing loads by default.
 */
type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let analyticsId: string | null = null;

function addScript(src: string, onLoad?: () => void): void {
  const script = document.createElement("script");
  script.src = src;
  script.async = true;
  if (onLoad) script.addEventListener("load", onLoad);
  document.head.appendChild(script);
}

/** The analytics tag with IP anonymised and automatic page views off; `trackPageView` sends them. */
export function startAnalytics(id: string): void {
  analyticsId = id;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as its own snippet does.
    // biome-ignore lint/complexity/noArguments: the tag expects the arguments object, not an array.
    window.dataLayer?.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("config", id, { anonymize_ip: true, send_page_view: false });
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
}

export function trackPageView(path: string): void {
  if (!analyticsId || !window.gtag) return;
  window.gtag("event", "page_view", { page_path: path, send_to: analyticsId });
}

/** The error-reporting SDK once loaded; reports caught before it is ready wait for it. */
let errorReporter: Promise<typeof import("./error-reporting.ts")> | undefined;

/**
 * Error reporting (docs/product/calls-and-errors.md): the SDK is bundled with the app and loaded
 * as its own chunk only when the host names a DSN — served from our origin, so no third-party
 * script runs beside the tokens and the first download does not carry it.
 */
export function startErrorReporting(dsn: string, sampleRate: number): void {
  errorReporter = import("./error-reporting.ts").then((reporter) => {
    reporter.start(dsn, sampleRate);
    return reporter;
  });
}

/**
 * An error a screen caught and replaced with the error screen: the SDK's global handlers only
 * see uncaught ones, so it is handed over here. Nothing happens without error reporting.
 */
export function reportError(error: unknown): void {
  void errorReporter?.then((reporter) => reporter.capture(error));
}

export function startMonitoring(
  host: Pick<HostConfig, "analytics_id" | "error_reporting_dsn" | "error_reporting_sample_rate">,
): void {
  if (host.analytics_id) startAnalytics(host.analytics_id);
  if (host.error_reporting_dsn) startErrorReporting(host.error_reporting_dsn, host.error_reporting_sample_rate);
}
