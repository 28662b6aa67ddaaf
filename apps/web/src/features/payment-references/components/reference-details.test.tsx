import type { PaymentReference } from "@estaciona/contracts/schemas/references";
import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  mockApi,
  registerParkingCatalogues,
  renderWithProviders,
} from "../../../components/parking/testing/fixtures.tsx";
import { oxxoReference } from "../../../testing/payment-reference.ts";
import { ReferenceDetails } from "./reference-details.tsx";

vi.mock("../../../lib/catalogues/home.ts", () => ({}));
beforeAll(() => registerParkingCatalogues());

const PAYMENT = "5e0c1d2e-0000-4000-8000-000000000331";
const reference = (status: PaymentReference["status"]) =>
  oxxoReference({
    payment_uuid: PAYMENT,
    status,
    expires_at: "2027-02-01T06:00:00.000Z",
    sandbox_url: "/sandbox/reference/ref_1",
  });

async function shown(status: PaymentReference["status"]) {
  mockApi({ [`GET user/reference/${PAYMENT}`]: () => ({ body: { data: reference(status) } }) });
  renderWithProviders(
    <ReferenceDetails
      paymentUuid={PAYMENT}
      timeZone="America/Monterrey"
      paidText="Paid: your pass is active"
      note={() => "After paying…"}
    />,
  );
  return screen.findByRole("region", { name: "Your payment reference" });
}

describe("a payment reference in each of its states", () => {
  it("awaiting: the amount to pay, the date to pay by, how to pay and the sandbox's page", async () => {
    const region = await shown("awaiting");
    expect(within(region).getByRole("status")).toHaveTextContent("Waiting for your payment");
    expect(region).toHaveTextContent("Amount to pay$1,796.43 MXN");
    expect(region).toHaveTextContent("Pay before");
    expect(within(region).getByText("After paying…")).toBeInTheDocument();
    expect(within(region).getByRole("link", { name: /simulate the payment/i })).toBeInTheDocument();
  });

  it("voided (its pass cancelled): told not to pay it, no date to pay by, nothing to follow", async () => {
    const region = await shown("voided");
    expect(within(region).getByRole("status")).toHaveTextContent("Cancelled: don't pay it");
    expect(region).toHaveTextContent("Amount$1,796.43 MXN");
    expect(region).not.toHaveTextContent("Amount to pay");
    expect(region).not.toHaveTextContent("Pay before");
    expect(within(region).queryByRole("link")).toBeNull();
  });

  it("expired: when it ran out, and nothing to follow", async () => {
    const region = await shown("expired");
    expect(within(region).getByRole("status")).toHaveTextContent("Expired without payment");
    expect(region).toHaveTextContent(/Expired.*2027/);
    expect(region).not.toHaveTextContent("Pay before");
    expect(within(region).queryByRole("link")).toBeNull();
  });

  it("paid: the caller's words, the amount, no date", async () => {
    const region = await shown("paid");
    expect(within(region).getByRole("status")).toHaveTextContent("Paid: your pass is active");
    expect(region).not.toHaveTextContent("Pay before");
  });
});
