import { payments as en } from "@estaciona/i18n/locales/en/payments";
import { payments as es } from "@estaciona/i18n/locales/es/payments";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";
import { registerNamespaces } from "../../../lib/i18n.ts";

/**
 * The payments catalogue registers itself on import, before the test setup starts i18next; tests
 * mock that module (`vi.mock("../catalogue.ts", () => ({}))`) and register it here once i18next runs.
 */
export function registerPaymentsCatalogue(): void {
  registerNamespaces("payments", { en, es });
}

/** One recorded call to the fake API. */
export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body: unknown };
type Handler = (call: RecordedCall) => Answer;

/**
 * A fake of the API behind `fetch`, answering by "METHOD path" (path without /api/ and without
 * the query). Every call is recorded so tests can assert what the forms sent.
 */
export function fakeApi(routes: Record<string, Handler | Answer>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.href);
    const method = (init?.method ?? "GET").toUpperCase();
    const path = url.pathname.replace(/^\/api\//, "");
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (!route) return new Response(JSON.stringify({ error: "object_not_found" }), { status: 404 });
    const answer = typeof route === "function" ? route(call) : route;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const ok = (data: unknown, status = 200): Answer => ({ status, body: { data } });
export const refused = (code: string, status = 422): Answer => ({
  status,
  body: { error: code, error_description: `server says ${code}` },
});

export { driver } from "../../../testing/driver.ts";

export const sandboxConfig = (form: "conekta" | "nmi" | "netpay", country: "mx" | "us" = "mx") => ({
  country,
  provider: "sandbox",
  form,
  public_key: null,
  script_url: null,
  frame_url: `/sandbox/card-form?provider=${form}`,
});

function CurrentLocation() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Query client and router around a component under test; the current location is shown for assertions. */
export function renderWith(ui: ReactNode, { path = "/pagos" }: { path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {ui}
                <CurrentLocation />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

/** A message as the embedded frame would post it (origin and source are what the forms check). */
export function postFromFrame(frame: HTMLIFrameElement, data: unknown, origin: string = window.location.origin) {
  window.dispatchEvent(new MessageEvent("message", { data, origin, source: frame.contentWindow }));
}
