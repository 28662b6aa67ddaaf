import { browserTracingIntegration, captureException, type ErrorEvent, init } from "@sentry/browser";

/**
 * The error-reporting SDK, in a chunk of its own (lib/analytics.ts loads it only with a DSN).
 * Nothing personal leaves the browser: no user, cookies, headers or bodies collected, and each event's URLs lose their query and
 * fragment (a valet claim or an extend link carries a token there); breadcrumbs of requests keep
 * only the method, the path and the status.
 */
const withoutQuery = (url: string | undefined): string | undefined => url?.split(/[?#]/, 1)[0];

export function scrub(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    event.request = { url: withoutQuery(event.request.url), method: event.request.method };
  }
  event.user = undefined;
  for (const breadcrumb of event.breadcrumbs ?? []) {
    if (breadcrumb.data && typeof breadcrumb.data.url === "string")
      breadcrumb.data.url = withoutQuery(breadcrumb.data.url);
    if (breadcrumb.category === "navigation" && breadcrumb.data) {
      breadcrumb.data.from = withoutQuery(String(breadcrumb.data.from ?? ""));
      breadcrumb.data.to = withoutQuery(String(breadcrumb.data.to ?? ""));
    }
  }
  return event;
}

/** Starts the SDK with the operator's trace sample rate (the spec's default is 1). */
export function start(dsn: string, tracesSampleRate: number): void {
  init({
    dsn,
    tracesSampleRate,
    integrations: [browserTracingIntegration()],
    // Nothing about the driver is collected at all; `scrub` also cuts what a URL may carry.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    beforeSend: scrub,
  });
}

export function capture(error: unknown): void {
  captureException(error);
}
