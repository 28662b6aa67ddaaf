import { render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../lib/i18n.ts";
import { FeeBreakdown } from "./fee-breakdown.tsx";
import { VisitStatusBadge } from "./status-badge.tsx";
import { registerParkingCatalogues } from "./testing/fixtures.tsx";

vi.mock("../../lib/catalogues/parking.ts", () => ({}));
beforeAll(registerParkingCatalogues);

const line = (name: string) => screen.getByRole("row", { name: new RegExp(name) });

describe("FeeBreakdown (docs/product/money.md)", () => {
  it("shows every line and the total in the visit's currency with the currency filter", () => {
    render(
      <FeeBreakdown
        amounts={{
          subtotal: 123456,
          convenience_fee: 500,
          processing_fee: 3595,
          tax: 20408,
          total: 147959,
          currency: "mxn",
        }}
      />,
    );
    expect(within(line("Parking")).getByRole("cell")).toHaveTextContent("$1,234.56 MXN");
    expect(within(line("Convenience fee")).getByRole("cell")).toHaveTextContent("$5.00 MXN");
    expect(within(line("Card processing fee")).getByRole("cell")).toHaveTextContent("$35.95 MXN");
    expect(within(line("Tax")).getByRole("cell")).toHaveTextContent("$204.08 MXN");
    expect(within(line("Total")).getByRole("cell")).toHaveTextContent("$1,479.59 MXN");
  });

  it("keeps zero fee lines, so the driver sees nothing else is added", () => {
    render(
      <FeeBreakdown
        amounts={{ subtotal: 500, convenience_fee: 0, processing_fee: 0, tax: 0, total: 500, currency: "usd" }}
      />,
    );
    expect(within(line("Convenience fee")).getByRole("cell")).toHaveTextContent("$0.00 USD");
    expect(within(line("Total")).getByRole("cell")).toHaveTextContent("$5.00 USD");
  });

  it("names the tax rate when it is known (the receipt), without floats", () => {
    render(
      <FeeBreakdown
        amounts={{ subtotal: 500, convenience_fee: 35, processing_fee: 46, tax: 48, total: 629, currency: "usd" }}
        taxRateBp={825}
      />,
    );
    expect(screen.getByRole("rowheader", { name: "Tax (8.25 %)" })).toBeInTheDocument();
  });
});

describe("Visit status names (docs/product/entities-and-states.md)", () => {
  it.each([
    ["inactive", "Not started", "Sin iniciar"],
    ["in_progress", "Parked", "Estacionado"],
    ["finished", "Paid", "Pagada"],
    ["pending_payment", "Payment pending", "Pago pendiente"],
  ] as const)("%s reads %s / %s", async (status, english, spanish) => {
    const { unmount } = render(<VisitStatusBadge status={status} />);
    expect(screen.getByText(english)).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage("es");
    try {
      render(<VisitStatusBadge status={status} />);
      expect(screen.getByText(spanish)).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
