import type { ValetTicketDetail } from "@estaciona/contracts/schemas/valet";
import { onlineManager } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  fundidoraRates,
  fundidoraTariff,
  mockApi,
  newQueryClient,
  registerParkingCatalogues,
  renderWithProviders,
  visaCard,
} from "../../../components/parking/testing/fixtures.tsx";
import { paymentMethodsQuery } from "../../payments/index.ts";
import { ValetPayPanel } from "./valet-pay-panel.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../../../lib/catalogues/valet.ts", () => ({}));
vi.mock("../../../lib/catalogues/home.ts", () => ({}));
vi.mock("../../payments/catalogue.ts", () => ({}));
beforeAll(registerParkingCatalogues);
afterEach(() => vi.unstubAllGlobals());

const TICKET = "0b6f7c1e-2222-4000-8000-000000000001";

/** A ticket 30 minutes in at a stand priced like Fundidora: $29.85 MXN all in before the tip. */
const unpaidTicket: ValetTicketDetail = {
  uuid: TICKET,
  number: "A17",
  plate: "ABC123",
  status: "in_progress",
  car_status: "parked",
  location: { uuid: "loc", name: "Valet", address: "Av. 1", time_zone: "America/Monterrey" },
  opened_at: new Date(Date.now() - 30 * 60_000).toISOString(),
  paid_at: null,
  total: 2985,
  currency: "mxn",
  tariff: fundidoraTariff,
  rates: fundidoraRates,
  quote: {
    subtotal: 2000,
    convenience_fee: 500,
    processing_fee: 73,
    tax: 412,
    total: 2985,
    currency: "mxn",
    at: new Date().toISOString(),
  },
  amounts: null,
  requested_at: null,
  ready_at: null,
  delivered_at: null,
  payments: [],
};

describe("Valet pay panel", () => {
  it("adds the tip on a line of its own, untaxed, and pays fee and tip with an Idempotency-Key", async () => {
    const api = mockApi({
      "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
      [`POST user/valet/${TICKET}/pay`]: () => ({
        body: {
          data: {
            ticket: { ...unpaidTicket, status: "finished", quote: null },
            payment: { uuid: "pay-1", status: "succeeded", redirect_url: null },
          },
        },
      }),
    });
    renderWithProviders(<ValetPayPanel ticket={unpaidTicket} />);

    expect(await screen.findByRole("radio", { name: /^Visa •••• 4242/ })).toBeChecked();
    expect(screen.queryByRole("row", { name: /Tip/ })).not.toBeInTheDocument();
    // 20 % of the $20 fee: $4, with nothing added on top of it.
    await userEvent.click(screen.getByRole("button", { name: "20 %" }));
    expect(screen.getByLabelText("Tip (MXN)")).toHaveValue("4");
    expect(screen.getByRole("row", { name: /Tip/ })).toHaveTextContent("$4.00 MXN");
    expect(screen.getByRole("row", { name: /Tax/ })).toHaveTextContent("$4.12 MXN");
    expect(screen.getByRole("row", { name: /Total/ })).toHaveTextContent("$33.85 MXN");

    await userEvent.click(screen.getByRole("button", { name: "Pay $33.85 MXN" }));
    const call = api.calls.find((request) => request.method === "POST");
    expect(call?.body).toEqual({ tip: 400, payment_method_uuid: "card-default", expected_total: 3385 });
    expect(call?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows a decline in the panel and retries with a new key", async () => {
    const api = mockApi({
      "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
      [`GET user/valet/${TICKET}`]: () => ({ body: { data: unpaidTicket } }),
      [`POST user/valet/${TICKET}/pay`]: () => ({
        status: 402,
        body: { error: "invalid_payment", error_description: "The card was declined." },
      }),
    });
    renderWithProviders(<ValetPayPanel ticket={unpaidTicket} />);
    await userEvent.click(await screen.findByRole("button", { name: "Pay $29.85 MXN" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The card was declined.");
    await userEvent.click(screen.getByRole("button", { name: "Try again · $29.85 MXN" }));
    const keys = api.calls.filter((request) => request.method === "POST").map((r) => r.headers.get("Idempotency-Key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("pays with the operator's balance when the driver picks it, sending payment_method_uuid balance", async () => {
    const api = mockApi({
      "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
      "GET user/balances": () => ({ body: { data: [heldBalance(5000)] } }),
      [`POST user/valet/${TICKET}/pay`]: () => ({
        body: {
          data: {
            ticket: { ...unpaidTicket, status: "finished", quote: null },
            payment: { uuid: "pay-1", status: "succeeded", redirect_url: null },
          },
        },
      }),
    });
    renderWithProviders(<ValetPayPanel ticket={unpaidTicket} />);
    const balance = await screen.findByRole("checkbox", { name: "Balance ($50.00 MXN available)" });
    expect(balance).not.toBeChecked();
    await userEvent.click(balance);
    // No card to pick beside the balance: the balance pays all of it or nothing (decision 0265).
    expect(screen.queryByRole("radio", { name: /^Visa/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Pay $29.85 MXN" }));
    const call = api.calls.find((request) => request.method === "POST");
    expect(call?.body).toEqual({ tip: 0, payment_method_uuid: "balance", expected_total: 2985 });
    expect(api.calls.find((request) => request.url.startsWith("user/balances"))?.url).toContain("location_uuid=loc");
  });

  it("says plainly when the balance does not cover the ticket, and the card is one click away", async () => {
    mockApi({
      "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
      "GET user/balances": () => ({ body: { data: [heldBalance(1000)] } }),
      [`POST user/valet/${TICKET}/pay`]: () => ({
        status: 402,
        body: {
          error: "invalid_payment",
          error_description: "Your balance does not cover this. Top it up or pay by card.",
        },
      }),
    });
    renderWithProviders(<ValetPayPanel ticket={unpaidTicket} />);
    await userEvent.click(await screen.findByRole("checkbox", { name: "Balance ($10.00 MXN available)" }));
    await userEvent.click(screen.getByRole("button", { name: "Pay $29.85 MXN" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your balance does not cover this.");
    await userEvent.click(screen.getByRole("checkbox", { name: /Balance/ }));
    expect(screen.getByRole("radio", { name: /^Visa •••• 4242/ })).toBeChecked();
  });

  it("shows the pay button only with the wallet buttons above it, never before them (nothing moves under a finger)", async () => {
    const api = mockApi({
      "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
      "GET user/payment/config": () => ({
        body: {
          data: {
            country: "mx",
            provider: "sandbox",
            form: "conekta",
            public_key: null,
            script_url: null,
            frame_url: "/sandbox/card-form?provider=conekta",
            wallets: ["google_pay"],
          },
        },
      }),
    });
    // The gateway's answer held back: the panel waits for it before showing what lies below the wallets.
    const answerConfig = holdBack(api, "payment/config");
    renderWithProviders(<ValetPayPanel ticket={unpaidTicket} />);
    expect(await screen.findByRole("button", { name: "20 %" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Pay \$/ })).not.toBeInTheDocument();
    answerConfig();
    expect(await screen.findByRole("button", { name: "Pay $29.85 MXN" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay with Google Pay" })).toBeInTheDocument();
  });

  it("shows the pay button only with the balance above it, and a failed balance read leaves the card to pay", async () => {
    const api = mockApi({
      "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
      "GET user/balances": () => ({ body: { data: [heldBalance(5000)] } }),
    });
    const answerBalances = holdBack(api, "balances");
    const { unmount } = renderWithProviders(<ValetPayPanel ticket={unpaidTicket} />);
    expect(await screen.findByRole("button", { name: "20 %" })).toBeInTheDocument();
    // Everything else the controls wait for has answered (the gateway: no wallet here), and React
    // has had time to show them: only the balance is missing.
    await waitFor(() => expect(api.calls.some((call) => call.url.startsWith("user/payment/config"))).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(screen.queryByRole("button", { name: /^Pay \$/ })).not.toBeInTheDocument();
    answerBalances();
    expect(await screen.findByRole("button", { name: "Pay $29.85 MXN" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Balance ($50.00 MXN available)" })).toBeInTheDocument();
    unmount();

    mockApi({
      "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
      "GET user/balances": () => ({ status: 500, body: { error: "server_error" } }),
    });
    renderWithProviders(<ValetPayPanel ticket={unpaidTicket} />);
    expect(await screen.findByRole("button", { name: "Pay $29.85 MXN" })).toBeEnabled();
    expect(screen.queryByRole("checkbox", { name: /Balance/ })).not.toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /^Visa •••• 4242/ })).toBeChecked();
  });

  it("with no connection shows its pay button, which says nothing was sent", async () => {
    onlineManager.setOnline(false);
    vi.stubGlobal("navigator", { ...navigator, onLine: false });
    try {
      // The cards were read before the signal went (a driver comes to a ticket from the app); nothing answers now.
      const queryClient = newQueryClient();
      queryClient.setQueryData(paymentMethodsQuery().queryKey, [visaCard]);
      const api = mockApi({});
      api.fetchMock.mockImplementation(async () => {
        throw new TypeError("Failed to fetch");
      });
      renderWithProviders(<ValetPayPanel ticket={unpaidTicket} />, queryClient);
      await userEvent.click(await screen.findByRole("button", { name: "Pay $29.85 MXN" }));
      expect(await screen.findByRole("alert")).toHaveTextContent("No connection");
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

/** Holds back the mocked API's answers to calls whose address contains `part` until the returned function is called. */
function holdBack(api: ReturnType<typeof mockApi>, part: string): () => void {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input, init) => {
    if (String(input).includes(part)) await released;
    return (answer as NonNullable<typeof answer>)(input, init);
  });
  return release;
}

function heldBalance(amount: number) {
  return {
    uuid: "bal-1",
    organisation_name: "Fundidora",
    currency: "mxn",
    amount,
    cap: 500_000,
    min_top_up: 5000,
    movements: [],
  };
}
