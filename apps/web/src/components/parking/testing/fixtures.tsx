import type { Location, VisitDetail } from "@estaciona/contracts/schemas/parking";
import type { PaymentMethod } from "@estaciona/contracts/schemas/payment";
import { events as enEvents } from "@estaciona/i18n/locales/en/events";
import { home as enHome } from "@estaciona/i18n/locales/en/home";
import { parking as enParking } from "@estaciona/i18n/locales/en/parking";
import { screens as enScreens } from "@estaciona/i18n/locales/en/screens";
import { valet as enValet } from "@estaciona/i18n/locales/en/valet";
import { events as esEvents } from "@estaciona/i18n/locales/es/events";
import { home as esHome } from "@estaciona/i18n/locales/es/home";
import { parking as esParking } from "@estaciona/i18n/locales/es/parking";
import { screens as esScreens } from "@estaciona/i18n/locales/es/screens";
import { valet as esValet } from "@estaciona/i18n/locales/es/valet";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { registerNamespaces } from "../../../lib/i18n.ts";

/** The seeded Fundidora lot's numbers (apps/api/src/seed/data.ts): the tests price the same tariff the demo does. */
export const fundidoraTariff = {
  grace_minutes: 15,
  first_period_minutes: 60,
  first_period_price: 2000,
  increment_minutes: 30,
  increment_price: 1000,
  daily_max: 25000,
};
export const fundidoraRates = {
  tax_rate_bp: 1600,
  convenience_rate_bp: 0,
  convenience_fixed: 500,
  card_rate_bp: 290,
  card_fixed: 0,
};

export const LOCATION_UUID = "7d1e5a10-0000-4000-8000-000000000101";
export const VISIT_UUID = "0b6f7c1e-1111-4000-8000-000000000001";

export const fundidora: Location = {
  uuid: LOCATION_UUID,
  name: "Estacionamiento Parque Fundidora",
  address: "Av. Fundidora 501, Obrera, 64010 Monterrey, N.L.",
  coordinates: { lat: 25.6785, lng: -100.2843 },
  kind: "lot",
  country: "mx",
  currency: "mxn",
  time_zone: "America/Monterrey",
  freeflow: false,
  available: true,
  email_domain: null,
  capacity: 400,
  exit_window_minutes: 15,
  tariff: fundidoraTariff,
  rates: fundidoraRates,
  // 2000 + 500 convenience; 2.9 % of 2500 = 73 processing; 16 % of 2573 = 412 tax (411.68 rounded).
  first_period: { subtotal: 2000, convenience_fee: 500, processing_fee: 73, tax: 412, total: 2985, currency: "mxn" },
};

/** An open visit entered `minutesAgo` before `now`, with the server's quote at `now`. */
export function openVisit(now: number, minutesAgo: number, overrides: Partial<VisitDetail> = {}): VisitDetail {
  const enteredAt = new Date(now - minutesAgo * 60_000).toISOString();
  return {
    uuid: VISIT_UUID,
    status: "in_progress",
    source: "app",
    location: {
      uuid: LOCATION_UUID,
      name: fundidora.name,
      address: fundidora.address,
      kind: "lot",
      freeflow: false,
      time_zone: "America/Monterrey",
      exit_window_minutes: 15,
    },
    vehicle: { uuid: "veh-1", plate: "ABC1234", state: "Nuevo León", brand: null, model: null, color: null },
    entered_at: enteredAt,
    exited_at: null,
    paid_at: null,
    exit_deadline: null,
    duration_minutes: minutesAgo,
    amounts: null,
    quote: {
      visit_uuid: VISIT_UUID,
      at: new Date(now).toISOString(),
      duration_minutes: minutesAgo,
      tariff: fundidoraTariff,
      ...fundidora.first_period,
    },
    payments: [],
    receipt: null,
    ...overrides,
  };
}

export const visaCard: PaymentMethod = {
  uuid: "card-default",
  card_number: "•••• 4242",
  expiration: "12/30",
  is_default: true,
  brand: "visa",
  country: "mx",
  free_flow: false,
  holder_name: "Ana Pérez",
};

export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function renderWithProviders(ui: ReactElement, queryClient = newQueryClient(), path = "/") {
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

type Handler = (request: { method: string; url: string; headers: Headers; body: unknown }) => {
  status?: number;
  body: unknown;
};

/** Mocks the API at fetch level: `routes` maps "METHOD path" (after /api/) to an answer; every call is recorded. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; headers: Headers; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input).replace(/^\/api\//, "");
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const request = { method, url, headers, body };
    calls.push(request);
    const key = `${method} ${url.split("?")[0]}`;
    const handler = routes[key];
    if (!handler) return new Response(JSON.stringify({ error: "object_not_found" }), { status: 404 });
    const answer = handler(request);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

/**
 * The catalogue modules register their namespaces when imported, which in a test file happens
 * before the setup file has initialised i18next; the tests mock those modules away and register
 * the namespaces here, once i18next is ready (call it in beforeAll).
 */
export function registerParkingCatalogues(): void {
  registerNamespaces("parking", { en: enParking, es: esParking });
  registerNamespaces("screens", { en: enScreens, es: esScreens });
  registerNamespaces("events", { en: enEvents, es: esEvents });
  registerNamespaces("valet", { en: enValet, es: esValet });
  // The pay panels offer the balance with the home's words (docs/decisions/0210).
  registerNamespaces("home", { en: enHome, es: esHome });
}
