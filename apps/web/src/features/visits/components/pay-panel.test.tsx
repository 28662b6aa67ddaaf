import type { VisitDetail } from "@estaciona/contracts/schemas/parking";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  fundidora,
  LOCATION_UUID,
  mockApi,
  openVisit,
  registerParkingCatalogues,
  renderWithProviders,
  VISIT_UUID,
  visaCard,
} from "../../../components/parking/testing/fixtures.tsx";
import { returnPath } from "../../payments/index.ts";
import { PayPanel } from "./pay-panel.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../../../lib/catalogues/home.ts", () => ({}));
// The payments entry brings its catalogue, which registers itself before the setup starts i18next.
vi.mock("../../payments/catalogue.ts", () => ({}));
beforeAll(registerParkingCatalogues);
afterEach(() => vi.unstubAllGlobals());

const PAY = `POST user/visit/${VISIT_UUID}/pay`;

/** The visit 30 minutes in: the first period, $29.85 MXN all in. */
function paidVisit(now: number): VisitDetail {
  return openVisit(now, 30, {
    status: "finished",
    paid_at: new Date(now).toISOString(),
    exit_deadline: new Date(now + 15 * 60_000).toISOString(),
    amounts: fundidora.first_period,
    quote: null,
  });
}

function setUp(
  pay: Parameters<typeof mockApi>[0][string],
  cards = [visaCard, { ...visaCard, uuid: "card-2", card_number: "•••• 5555", brand: "mastercard", is_default: false }],
  balances: unknown[] = [],
) {
  const api = mockApi({
    "GET user/payment/methods": () => ({ body: { data: cards } }),
    "GET user/balances": () => ({ body: { data: balances } }),
    [`GET open/location/${LOCATION_UUID}`]: () => ({ body: { data: fundidora } }),
    [PAY]: pay,
  });
  const now = Date.now();
  renderWithProviders(<PayPanel visit={openVisit(now, 30)} fetchedAt={now} returnPath={`/checkout/${VISIT_UUID}`} />);
  return api;
}

const payCalls = (calls: ReturnType<typeof mockApi>["calls"]) => calls.filter((call) => call.method === "POST");

describe("Pay flow", () => {
  it("preselects the default card, shows the all-in breakdown, pays with an Idempotency-Key and shows the exit deadline", async () => {
    const api = setUp(() => ({
      body: {
        data: { visit: paidVisit(Date.now()), payment: { uuid: "pay-1", status: "succeeded", redirect_url: null } },
      },
    }));

    expect(await screen.findByRole("radio", { name: /^Visa •••• 4242/ })).toBeChecked();
    expect(screen.getByRole("row", { name: /Total/ })).toHaveTextContent("$29.85 MXN");
    await userEvent.click(await screen.findByRole("button", { name: "Pay $29.85 MXN" }));

    expect(await screen.findByRole("heading", { name: "Paid" })).toBeInTheDocument();
    expect(screen.getByText("We charged $29.85 MXN to your card.")).toBeInTheDocument();
    expect(screen.getByText(/^Leave before /)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View receipt" })).toHaveAttribute("href", `/visita/${VISIT_UUID}/recibo`);
    const [call] = payCalls(api.calls);
    expect(call?.body).toMatchObject({ payment_method_uuid: "card-default" });
    expect(call?.body).toHaveProperty("expected_total", expect.any(Number));
    expect(call?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends a card that asks for 3-D Secure to the bank and remembers the way back to this stay", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    setUp(() => ({
      body: {
        data: {
          visit: openVisit(Date.now(), 30),
          payment: { uuid: "pay-3ds", status: "requires_action", redirect_url: "/sandbox/3ds/pay-3ds" },
        },
      },
    }));
    await userEvent.click(await screen.findByRole("button", { name: "Pay $29.85 MXN" }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/sandbox/3ds/pay-3ds"));
    expect(returnPath()).toBe(`/visita/${VISIT_UUID}`);
  });

  it("pays with the card the driver picks", async () => {
    const api = setUp(() => ({
      body: {
        data: { visit: paidVisit(Date.now()), payment: { uuid: "pay-1", status: "succeeded", redirect_url: null } },
      },
    }));
    await userEvent.click(await screen.findByRole("radio", { name: /^Mastercard •••• 5555/ }));
    await userEvent.click(screen.getByRole("button", { name: "Pay $29.85 MXN" }));
    await screen.findByRole("heading", { name: "Paid" });
    expect(payCalls(api.calls)[0]?.body).toMatchObject({ payment_method_uuid: "card-2" });
  });

  it("shows a decline with the server's translated message; trying again is a new attempt with a new key", async () => {
    const api = setUp(() => ({
      status: 402,
      body: { error: "invalid_payment", error_description: "The bank declined the card." },
    }));
    await userEvent.click(await screen.findByRole("button", { name: "Pay $29.85 MXN" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The payment did not go through");
    expect(alert).toHaveTextContent("The bank declined the card.");
    await userEvent.click(screen.getByRole("button", { name: /Try again/ }));
    await screen.findByRole("alert");
    const [first, second] = payCalls(api.calls);
    expect(first?.headers.get("Idempotency-Key")).not.toBe(second?.headers.get("Idempotency-Key"));
  });

  it("keeps the same key when the first attempt got no answer, so a retry cannot charge twice", async () => {
    let attempts = 0;
    const api = setUp(() => {
      attempts += 1;
      return attempts === 1
        ? { status: 503, body: { error: "invalid_payment", error_description: "The payment provider did not answer." } }
        : {
            body: {
              data: {
                visit: paidVisit(Date.now()),
                payment: { uuid: "pay-1", status: "succeeded", redirect_url: null },
              },
            },
          };
    });
    await userEvent.click(await screen.findByRole("button", { name: "Pay $29.85 MXN" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The payment provider did not answer.");
    await userEvent.click(screen.getByRole("button", { name: /Try again/ }));
    await screen.findByRole("heading", { name: "Paid" });
    const [first, second] = payCalls(api.calls);
    expect(second?.headers.get("Idempotency-Key")).toBe(first?.headers.get("Idempotency-Key"));
  });

  it("shows visit_already_paid as paid, with the receipt", async () => {
    setUp(() => ({
      status: 409,
      body: { error: "visit_already_paid", error_description: "This visit is already paid." },
    }));
    await userEvent.click(await screen.findByRole("button", { name: "Pay $29.85 MXN" }));
    expect(await screen.findByRole("heading", { name: "This visit is already paid" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View receipt" })).toBeInTheDocument();
  });

  it("without a card for the visit's country, offers to add one and comes back here", async () => {
    setUp(() => ({ body: {} }), [{ ...visaCard, country: "us" }]);
    expect(await screen.findByText("You have no saved card for this country yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add a card" })).toHaveAttribute(
      "href",
      `/pagos?redirect=${encodeURIComponent(`/checkout/${VISIT_UUID}`)}`,
    );
    expect(screen.getByRole("button", { name: "Pay $29.85 MXN" })).toBeDisabled();
  });

  it("pays the whole stay from the operator's balance when the driver picks it", async () => {
    const api = setUp(
      () => ({
        body: {
          data: { visit: paidVisit(Date.now()), payment: { uuid: "pay-1", status: "succeeded", redirect_url: null } },
        },
      }),
      undefined,
      [heldBalance(5000)],
    );
    const balance = await screen.findByRole("checkbox", { name: "Balance ($50.00 MXN available)" });
    expect(balance).not.toBeChecked();
    await userEvent.click(balance);
    expect(screen.queryByRole("radio", { name: /^Visa/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Pay $29.85 MXN" }));
    expect(await screen.findByText("We took $29.85 MXN from your balance.")).toBeInTheDocument();
    expect(payCalls(api.calls)[0]?.body).toMatchObject({ payment_method_uuid: "balance" });
    expect(api.calls.find((call) => call.url.startsWith("user/balances"))?.url).toContain(
      `location_uuid=${LOCATION_UUID}`,
    );
  });

  it("with only a balance and no card, the balance is chosen; a short balance is a plain error, never a split", async () => {
    const api = setUp(
      () => ({
        status: 402,
        body: {
          error: "invalid_payment",
          error_description: "Your balance does not cover this. Top it up or pay by card.",
        },
      }),
      [],
      [heldBalance(1000)],
    );
    expect(await screen.findByRole("checkbox", { name: "Balance ($10.00 MXN available)" })).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Pay $29.85 MXN" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your balance does not cover this.");
    expect(payCalls(api.calls)).toHaveLength(1);
    expect(payCalls(api.calls)[0]?.body).toMatchObject({ payment_method_uuid: "balance" });
  });
});

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
