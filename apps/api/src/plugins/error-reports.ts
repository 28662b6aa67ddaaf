import { captureException, type ErrorEvent, flush, initWithoutDefaultIntegrations } from "@sentry/node-core";

/**
 * Server errors to the same error-reporting service as the browser's (ERROR_REPORTING_DSN,
 * docs/operations.md "Traces and error reports"): only what the error handler answers as a
 * `server_error`, as the error's type, message and stack with the request id beside it. Nothing
 * about the request or the driver is attached — no URL, headers, body, user or breadcrumbs — so
 * an event holds no more personal data than the log line written for it.
 */
export function scrubServerEvent(event: ErrorEvent): ErrorEvent {
  return {
    ...event,
    request: undefined,
    user: undefined,
    breadcrumbs: undefined,
    extra: undefined,
    contexts: event.contexts?.trace ? { trace: event.contexts.trace } : undefined,
    server_name: undefined,
  };
}

/** Starts reporting for this process; answers what to await on the way out (sends what is queued). */
export function startErrorReports(dsn: string, role: string): () => Promise<void> {
  initWithoutDefaultIntegrations({
    dsn,
    environment: role,
    integrations: [],
    sendClientReports: false,
    beforeSend: scrubServerEvent,
    skipOpenTelemetrySetup: true,
  });
  return async () => {
    await flush(2000);
  };
}

/** An error answered as `server_error`; nothing happens unless reporting was started. */
export function reportServerError(error: unknown, requestId: string): void {
  captureException(error, { tags: { request_id: requestId } });
}
