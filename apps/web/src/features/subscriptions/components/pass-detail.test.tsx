import type { SubscriptionDetail } from "@estaciona/contracts/schemas/subscriptions";
import { subscriptions as en } from "@estaciona/i18n/locales/en/subscriptions";
import { subscriptions as es } from "@estaciona/i18n/locales/es/subscriptions";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  mockApi,
  registerParkingCatalogues,
  renderWithProviders,
} from "../../../components/parking/testing/fixtures.tsx";
import { registerNamespaces } from "../../../lib/i18n.ts";
import { PassDetail } from "./pass-detail.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../../../lib/catalogues/subscriptions.ts", () => ({}));
vi.mock("../../payments/catalogue.ts", () => ({}));
beforeAll(() => {
  registerParkingCatalogues();
  registerNamespaces("subscriptions", { en, es });
});
afterEach(() => vi.unstubAllGlobals());

const PASS_UUID = "9a1b2c3d-0000-4000-8000-000000000001";
const amounts = {
  subtotal: 150000,
  convenience_fee: 500,
  processing_fee: 4365,
  tax: 24778,
  total: 179643,
  currency: "mxn" as const,
};

const activePass: SubscriptionDetail = {
  uuid: PASS_UUID,
  status: "active",
  plan: { uuid: "plan-1", name: "Pensión mensual", interval: "month" },
  location: {
    uuid: "loc-1",
    name: "Estacionamiento Parque Fundidora",
    address: "Av. Fundidora 501",
    time_zone: "America/Monterrey",
    country: "mx",
    email_domain: null,
  },
  vehicle: { uuid: "veh-1", plate: "ABC1234" },
  start_date: "2027-01-31",
  current_last_day: "2027-02-27",
  cancel_at_period_end: false,
  ends_on: null,
  next_charge: { date: "2027-02-28", total: 179643 },
  currency: "mxn",
  discount: null,
  expires_at: null,
  next_retry_at: null,
  canceled_at: null,
  created_at: "2027-01-31T18:00:00.000Z",
  periods: [{ number: 1, start_date: "2027-01-31", last_day: "2027-02-27", status: "paid", discount: 0, amounts }],
  payments: [],
};

describe("a pass", () => {
  it("shows the period and the next charge, and asks before cancelling, naming the last day", async () => {
    const cancelled = { ...activePass, cancel_at_period_end: true, ends_on: "2027-02-27", next_charge: null };
    const api = mockApi({
      [`POST user/subscription/${PASS_UUID}/cancel`]: () => ({ body: { data: cancelled } }),
      "GET user/subscriptions": () => ({ body: { data: [] } }),
    });
    renderWithProviders(<PassDetail pass={activePass} justBought={false} />);
    expect(screen.getByText("Active")).toBeInTheDocument();
    expect(screen.getByText("January 31, 2027 to February 27, 2027")).toBeInTheDocument();
    expect(screen.getByText("February 28, 2027 · $1,796.43 MXN")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Cancel subscription" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("It stays valid until February 27, 2027, its last day, and is not charged again.");
    expect(within(dialog).getByRole("button", { name: "Keep it" })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel subscription" }));
    await vi.waitFor(() => expect(api.calls.some((call) => call.method === "POST")).toBe(true));
  });

  it("offers paying a paused pass, which resumes from the day it is paid", () => {
    renderWithProviders(
      <PassDetail
        pass={{
          ...activePass,
          status: "unpaid",
          next_charge: null,
          periods: [{ ...activePass.periods[0], status: "failed" } as SubscriptionDetail["periods"][number]],
        }}
        justBought={false}
      />,
    );
    expect(screen.getByText("Paused")).toBeInTheDocument();
    expect(screen.getByText("The subscription is paused: pay to resume it from today.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay $1,796.43 MXN now" })).toBeInTheDocument();
  });
});
