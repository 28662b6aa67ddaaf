import type { Plan, PlanQuote, SubscriptionDetail } from "@estaciona/contracts/schemas/subscriptions";
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
import { oxxoReference } from "../../../testing/payment-reference.ts";
import { PassDetail } from "./pass-detail.tsx";
import { PlanCheckout } from "./plan-checkout.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../../../lib/catalogues/subscriptions.ts", () => ({}));
vi.mock("../../../lib/catalogues/vehicles.ts", () => ({}));
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
  renews_by: "card",
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

const REFERENCE = "5e0c1d2e-0000-4000-8000-000000000330";
const heldPass: SubscriptionDetail = {
  ...activePass,
  status: "incomplete",
  expires_at: "2027-02-01T18:00:00.000Z",
  periods: activePass.periods.map((period) => ({ ...period, status: "due" as const })),
  payments: [
    {
      uuid: REFERENCE,
      subscription_uuid: PASS_UUID,
      plan_name: "Pensión mensual",
      period: 1,
      kind: "charge",
      status: "requires_action",
      amount: 179643,
      currency: "mxn",
      card: null,
      rail: "oxxo",
      reference_status: "awaiting",
      created_at: "2027-01-31T18:00:00.000Z",
      time_zone: "America/Monterrey",
    },
  ],
};
/** The active pass renewing at OXXO: its next period due, with these payments (the renewal's charge first). */
const renewingPass = (payments: SubscriptionDetail["payments"]): SubscriptionDetail => ({
  ...activePass,
  renews_by: "oxxo",
  periods: [
    ...activePass.periods,
    { number: 2, start_date: "2027-02-28", last_day: "2027-03-27", status: "due", discount: 0, amounts },
  ],
  payments,
});

/** The OXXO reference the API reads back for the pass's first period. */
const oxxo = (status: "awaiting" | "paid") => ({ body: { data: oxxoReference({ payment_uuid: REFERENCE, status }) } });

describe("a pass held by a reference", () => {
  it("shows the waiting reference when the driver comes back to the pass, and that it was paid once it is", async () => {
    let paid = false;
    mockApi({
      [`GET user/reference/${REFERENCE}`]: () => oxxo(paid ? "paid" : "awaiting"),
      "GET user/subscriptions": () => ({ body: { data: [] } }),
      [`GET user/subscription/${PASS_UUID}`]: () => ({ body: { data: activePass } }),
    });
    const { queryClient } = renderWithProviders(<PassDetail pass={heldPass} justBought={false} />);
    const reference = await screen.findByRole("region", { name: "Your payment reference" });
    expect(within(reference).getByRole("status")).toHaveTextContent("Waiting for your payment");
    expect(within(reference).getByText("93000000000001")).toBeInTheDocument();
    expect(within(reference).getByText("$1,796.43 MXN")).toBeInTheDocument();
    expect(within(reference).getByText(/an OXXO Pay service/)).toBeInTheDocument();
    // On the lot's clock: 18:00 UTC is noon in Monterrey.
    expect(within(reference).getByText(/Your place is held until .*12:00/)).toBeInTheDocument();
    // Already on the pass: no link to it.
    expect(within(reference).queryByRole("link", { name: "See my pass" })).not.toBeInTheDocument();
    // The reference is how this period is being paid: no card actions beside it (decision 0342).
    expect(screen.queryByRole("button", { name: "Pay $1,796.43 MXN now" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Change card" })).not.toBeInTheDocument();

    paid = true;
    // The next read, as the 5 s poll would make it.
    await queryClient.refetchQueries();
    expect(await within(reference).findByText("Paid: your pass is active")).toBeInTheDocument();
  });

  it("renewing by reference: the next period says how it is asked for, and its waiting reference shows (0333)", async () => {
    const RENEWAL = "5e0c1d2e-0000-4000-8000-000000000333";
    mockApi({
      [`GET user/reference/${RENEWAL}`]: () => {
        const answer = oxxo("awaiting");
        return { body: { data: { ...answer.body.data, payment_uuid: RENEWAL, number: "93000000000002" } } };
      },
      "GET user/subscriptions": () => ({ body: { data: [] } }),
    });
    const renewing = renewingPass([
      { ...(heldPass.payments[0] as SubscriptionDetail["payments"][number]), uuid: RENEWAL, period: 2 },
      {
        ...(heldPass.payments[0] as SubscriptionDetail["payments"][number]),
        status: "succeeded",
        created_at: "2027-01-30T18:00:00.000Z",
      },
    ]);
    renderWithProviders(<PassDetail pass={renewing} justBought={false} />);
    expect(screen.getByText("Next period")).toBeInTheDocument();
    expect(
      screen.getByText(
        "February 28, 2027 · $1,796.43 MXN in cash at OXXO: we send you the reference the day before, payable until the period starts.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("Next charge")).not.toBeInTheDocument();
    // The line under the status says the same: a period asked for at OXXO, not a charge.
    expect(screen.getByText("Next period February 28, 2027: $1,796.43 MXN in cash at OXXO")).toBeInTheDocument();
    expect(screen.queryByText(/^Next charge/)).not.toBeInTheDocument();
    const reference = await screen.findByRole("region", { name: "Your payment reference" });
    expect(within(reference).getByText("93000000000002")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Pay .* now/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Change card" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel subscription" })).toBeInTheDocument();
  });

  it("cancelling with the renewal's reference out warns it is voided, and the cancelled pass no longer shows it (0316)", async () => {
    const RENEWAL = "5e0c1d2e-0000-4000-8000-000000000316";
    mockApi({
      [`GET user/reference/${RENEWAL}`]: () => ({
        body: { data: { ...oxxo("awaiting").body.data, payment_uuid: RENEWAL } },
      }),
      "GET user/subscriptions": () => ({ body: { data: [] } }),
    });
    const charge = { ...(heldPass.payments[0] as SubscriptionDetail["payments"][number]), uuid: RENEWAL, period: 2 };
    const renewing = renewingPass([charge]);
    const { unmount } = renderWithProviders(<PassDetail pass={renewing} justBought={false} />);
    await screen.findByRole("region", { name: "Your payment reference" });
    await userEvent.click(screen.getByRole("button", { name: "Cancel subscription" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(
      "The next period's reference is voided: do not pay it. If you already paid it, the money stays in your balance.",
    );
    unmount();

    // After the cancel: the charge failed (voided), the period not paid, nothing waits.
    renderWithProviders(
      <PassDetail
        pass={{
          ...renewing,
          renews_by: null,
          cancel_at_period_end: true,
          ends_on: "2027-02-27",
          periods: [
            ...activePass.periods,
            { ...(renewing.periods[1] as SubscriptionDetail["periods"][number]), status: "failed" },
          ],
          payments: [{ ...charge, status: "failed", reference_status: "voided" }],
        }}
        justBought={false}
      />,
    );
    expect(await screen.findByText(/^Cancelled: valid until/)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your payment reference" })).toBeNull();
    // Its charge reads as the reference does: voided, paid by cash at OXXO; never "declined".
    const voidedRow = screen
      .getByText("Reference cancelled", { selector: ".ledger-status" })
      .closest("li") as HTMLElement;
    expect(voidedRow).toHaveTextContent("Cash at OXXO");
    expect(voidedRow).not.toHaveTextContent("Declined");
  });

  it("cancelling a pass that waits on its own reference warns that reference is voided too", async () => {
    mockApi({
      [`GET user/reference/${REFERENCE}`]: () => oxxo("awaiting"),
      "GET user/subscriptions": () => ({ body: { data: [] } }),
    });
    renderWithProviders(<PassDetail pass={heldPass} justBought={false} />);
    await screen.findByRole("region", { name: "Your payment reference" });
    await userEvent.click(screen.getByRole("button", { name: "Cancel subscription" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(
      "Its payment reference is voided: do not pay it. If you already paid it, the money stays in your balance.",
    );
  });

  it("shows nothing for a card's charge waiting for 3-D Secure (no reference behind it)", async () => {
    mockApi({ "GET user/subscriptions": () => ({ body: { data: [] } }) });
    const byCard = {
      ...heldPass,
      payments: heldPass.payments.map((payment) => ({
        ...payment,
        rail: "card" as const,
        reference_status: null,
        card: { brand: "visa", last4: "4242" },
      })),
    };
    renderWithProviders(<PassDetail pass={byCard} justBought={false} />);
    expect(await screen.findByText("Payment pending")).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole("region", { name: "Your payment reference" })).toBeNull());
    // A card's charge keeps the card actions: paying now or changing the card is how it goes on.
    expect(await screen.findByRole("button", { name: "Pay $1,796.43 MXN now" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Change card" })).toBeInTheDocument();
  });
});

const PLAN = "3c2b1a00-0000-4000-8000-000000000330";
/** The seed's monthly pass at Parque Fundidora (Monterrey). */
const monthly: Plan = {
  uuid: PLAN,
  name: "Pensión mensual",
  cost: 150000,
  currency: "mxn",
  interval: "month",
  availability: null,
  places_left: null,
  requires_student_id: false,
  discount: null,
  status: "active",
  location: activePass.location,
  period_price: amounts,
};
const quote: PlanQuote = {
  plan: monthly,
  start_date: "2027-01-31",
  last_day: "2027-02-27",
  charged_now: true,
  first_period: amounts,
  renewals: [],
  discount: null,
};

describe("buying a pass by reference", () => {
  it("asks for an OXXO reference instead of a card and shows it in place, the place held until it expires", async () => {
    const api = mockApi({
      "GET user/vehicles": () => ({ body: { data: [{ uuid: "veh-1", plate: "ABC1234", state: "NL" }] } }),
      "GET user/payment/methods": () => ({ body: { data: [] } }),
      [`GET user/plan/${PLAN}/quote`]: () => ({ body: { data: quote } }),
      "POST user/subscription": () => ({
        body: {
          data: {
            subscription: { uuid: "pass-1" },
            payment: { uuid: REFERENCE, status: "requires_action", redirect_url: `/reference/${REFERENCE}` },
          },
        },
      }),
      [`GET user/reference/${REFERENCE}`]: () => oxxo("awaiting"),
    });
    renderWithProviders(<PlanCheckout plan={monthly} initialCode="" />);
    await userEvent.click(await screen.findByRole("radio", { name: "Cash at OXXO" }));
    // A reference starts today and needs no card: neither choice shows.
    expect(screen.queryByText("Add card")).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Get the reference for $1,796.43 MXN" }));

    const reference = await screen.findByRole("region", { name: "Your payment reference" });
    expect(await within(reference).findByText("93000000000001")).toBeInTheDocument();
    expect(within(reference).getByRole("status")).toHaveTextContent("Waiting for your payment");
    expect(within(reference).getByText(/Your place is held until .*12:00/)).toBeInTheDocument();
    expect(within(reference).getByRole("link", { name: "See my pass" })).toBeInTheDocument();
    expect(api.calls.find((request) => request.method === "POST")?.body).toEqual({
      plan_uuid: PLAN,
      vehicle_uuid: "veh-1",
      reference_rail: "oxxo",
      expected_total: 179643,
    });
  });
});
