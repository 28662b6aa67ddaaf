import type { Event } from "@estaciona/contracts/schemas/events";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  fundidoraRates,
  mockApi,
  registerParkingCatalogues,
  renderWithProviders,
  visaCard,
} from "../../../components/parking/testing/fixtures.tsx";
import { i18n } from "../../../lib/i18n.ts";
import { BuyPanel } from "./buy-panel.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../../../lib/catalogues/events.ts", () => ({}));
vi.mock("../../../lib/catalogues/vehicles.ts", () => ({}));
vi.mock("../../payments/catalogue.ts", () => ({}));
beforeAll(registerParkingCatalogues);
afterEach(() => vi.unstubAllGlobals());

const EVENT = "7d1e5a10-0000-4000-8000-000000000311";

/** Península Day 1 as the seed has it: $150 suggested, editable from $100 to $500, Monterrey's rates. */
const peninsula: Event = {
  uuid: EVENT,
  name: "Festival Península · Día 1",
  description: "",
  starts_at: "2026-11-30T02:00:00.000Z",
  ends_at: "2026-11-30T08:00:00.000Z",
  status: "scheduled",
  location: {
    uuid: "arena",
    name: "Arena Monterrey",
    address: "Av. Madero",
    time_zone: "America/Monterrey",
    country: "mx",
  },
  series: { slug: "peninsula", name: "Festival Península" },
  places: 400,
  places_left: 400,
  currency: "mxn",
  amount: { suggested: 15000, editable: true, min: 10000, max: 50000 },
  sales: { open_at: "2026-11-20T00:00:00.000Z", close_at: "2026-11-30T07:00:00.000Z", open: true },
  rates: fundidoraRates,
  suggested_price: {
    subtotal: 15000,
    convenience_fee: 500,
    processing_fee: 450,
    tax: 2552,
    total: 18502,
    currency: "mxn",
  },
};

const vehicle = {
  uuid: "veh-1",
  plate: "ABC123",
  state: "Nuevo León",
  brand: null,
  model: null,
  year: null,
  color: null,
};

describe("Event buy panel", () => {
  it("prices an edited amount as the server does, clamps it to the limits and buys with an Idempotency-Key", async () => {
    const api = mockApi({
      "GET user/vehicles": () => ({ body: { data: [vehicle] } }),
      "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
      [`POST user/event/${EVENT}/purchase`]: () => ({
        status: 422,
        body: { error: "invalid_payment", error_description: "Declined." },
      }),
    });
    renderWithProviders(<BuyPanel event={peninsula} />);

    expect(await screen.findByRole("radio", { name: "ABC123" })).toBeChecked();
    expect(screen.getByRole("row", { name: /Total/ })).toHaveTextContent("$185.02 MXN");
    const amount = screen.getByLabelText("Amount (MXN)");
    await userEvent.clear(amount);
    await userEvent.type(amount, "900{Enter}");
    // Above the $500 maximum: clamped (docs/product/validation.md), and priced all in.
    expect(amount).toHaveValue("500");
    await userEvent.clear(amount);
    await userEvent.type(amount, "200{Enter}");
    expect(screen.getByRole("row", { name: /Total/ })).toHaveTextContent("$244.70 MXN");

    await userEvent.click(screen.getByRole("button", { name: "Pay $244.70 MXN" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Declined.");
    const call = api.calls.find((request) => request.method === "POST");
    expect(call?.body).toEqual({
      vehicle_uuid: "veh-1",
      payment_method_uuid: "card-default",
      expected_total: 24470,
      amount: 20000,
    });
    expect(call?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a fixed amount is shown, not asked for, and not sent", async () => {
    const api = mockApi({
      "GET user/vehicles": () => ({ body: { data: [vehicle] } }),
      "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
      [`POST user/event/${EVENT}/purchase`]: () => ({
        status: 409,
        body: { error: "plan_availability_reached", error_description: "Sold out." },
      }),
    });
    renderWithProviders(
      <BuyPanel event={{ ...peninsula, amount: { suggested: 15000, editable: false, min: 15000, max: 15000 } }} />,
    );
    expect(await screen.findByText("Parking: $150.00 MXN")).toBeInTheDocument();
    expect(screen.queryByLabelText("Amount (MXN)")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Pay $185.02 MXN" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Sold out.");
    expect(api.calls.find((request) => request.method === "POST")?.body).not.toHaveProperty("amount");
  });

  it("in Mexico it offers SPEI instead of a card, and shows the reference with the place held until its expiry", async () => {
    const api = mockApi({
      "GET user/vehicles": () => ({ body: { data: [vehicle] } }),
      "GET user/payment/methods": () => ({ body: { data: [] } }),
      [`POST user/event/${EVENT}/purchase`]: () => ({
        body: {
          data: { visit: { uuid: "visit-1" }, payment: { uuid: "pay-1", status: "pending", redirect_url: null } },
        },
      }),
      "GET user/reference/pay-1": () => ({
        body: {
          data: {
            payment_uuid: "pay-1",
            rail: "spei",
            status: "awaiting",
            amount: 18502,
            currency: "mxn",
            number: "646180157000000004",
            barcode_url: null,
            bank: "STP",
            expires_at: "2026-11-29T20:00:00.000Z",
            product: "event_visit",
            description: "Festival Península · Día 1",
            sandbox_url: null,
          },
        },
      }),
    });
    renderWithProviders(
      <BuyPanel event={{ ...peninsula, amount: { suggested: 15000, editable: false, min: 15000, max: 15000 } }} />,
    );
    await userEvent.click(await screen.findByRole("radio", { name: "SPEI transfer" }));
    expect(screen.queryByText("Add card")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Get the reference for $185.02 MXN" }));

    expect(await screen.findByText("646180157000000004")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Waiting for your payment");
    // The lot's clock: 20:00 UTC is 14:00 in Monterrey.
    expect(screen.getByText(/Your place is held until .*2:00/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See my place" })).toBeInTheDocument();
    expect(api.calls.find((request) => request.method === "POST")?.body).toEqual({
      vehicle_uuid: "veh-1",
      reference_rail: "spei",
      expected_total: 18502,
    });
  });

  it("the breakdown's fee line names the rail chosen: a card's, OXXO's or SPEI's, in English and Spanish", async () => {
    mockApi({
      "GET user/vehicles": () => ({ body: { data: [vehicle] } }),
      "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
    });
    renderWithProviders(<BuyPanel event={peninsula} />);
    const feeLine = () => screen.getByRole("table").querySelector('[data-line="processing_fee"] th');
    expect(await screen.findByRole("radio", { name: "ABC123" })).toBeChecked();
    expect(feeLine()).toHaveTextContent("Card processing fee");
    await userEvent.click(screen.getByRole("radio", { name: "Cash at OXXO" }));
    expect(feeLine()).toHaveTextContent("OXXO cash payment fee");
    expect(screen.queryByText("Card processing fee")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "SPEI transfer" }));
    expect(feeLine()).toHaveTextContent("SPEI transfer fee");
    try {
      await i18n.changeLanguage("es");
      expect(await screen.findByText("Comisión por transferencia SPEI")).toBeInTheDocument();
      await userEvent.click(screen.getByRole("radio", { name: "Efectivo en OXXO" }));
      expect(feeLine()).toHaveTextContent("Comisión por pago en efectivo en OXXO");
      expect(screen.queryByText("Comisión por pago con tarjeta")).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("a US event offers no cash or transfer", async () => {
    mockApi({
      "GET user/vehicles": () => ({ body: { data: [vehicle] } }),
      "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
    });
    renderWithProviders(
      <BuyPanel event={{ ...peninsula, currency: "usd", location: { ...peninsula.location, country: "us" } }} />,
    );
    expect(await screen.findByRole("radio", { name: "ABC123" })).toBeChecked();
    expect(screen.queryByRole("radio", { name: "Cash at OXXO" })).not.toBeInTheDocument();
  });
});
