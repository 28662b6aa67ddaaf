import { operator as en } from "@estaciona/i18n/locales/en/operator";
import { operator as es } from "@estaciona/i18n/locales/es/operator";
import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { registerParkingCatalogues, renderWithProviders } from "../../../components/parking/testing/fixtures.tsx";
import { registerNamespaces } from "../../../lib/i18n.ts";
import { MeterPricePreview } from "./meter-price-preview.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
beforeAll(() => {
  registerParkingCatalogues();
  registerNamespaces("operator", { en, es });
});

/** The Monterrey zones' fees: $5.00 convenience, 2.9 % card processing, 16 % IVA. */
const MX_RATES = { taxRateBp: 1600, convenienceRateBp: 0, convenienceFixed: 500, cardRateBp: 290, cardFixed: 0 };
const ALWAYS = Array.from({ length: 7 }, () => ({ open: 0, close: 1440 }));
const WEEKDAYS = [null, ...Array.from({ length: 5 }, () => ({ open: 480, close: 1200 })), null];

const totals = () => {
  const table = screen.getByTestId("meter-price-preview");
  return Object.fromEntries(
    within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [row.getAttribute("data-minutes"), within(row).getAllByRole("cell").at(-1)?.textContent]),
  );
};

describe("Meter price preview (the console's live price for a zone)", () => {
  it("prices the zone's stays as the driver's stepper does: 30 minutes at $12.00 an hour is $13.13 all-in", () => {
    renderWithProviders(
      <MeterPricePreview
        rules={{ ratePerHour: 1200, minMinutes: 15, maxMinutes: 120, hours: ALWAYS, timeZone: "America/Monterrey" }}
        rates={MX_RATES}
        currency="mxn"
      />,
    );
    // The same figure e2e/meters.spec.ts pays for 30 minutes of zone 101.
    expect(totals()).toMatchObject({ "15": expect.any(String), "30": "$13.13 MXN", "120": expect.any(String) });
    expect(Object.keys(totals())).toEqual(["15", "30", "60", "90", "120"]);
  });

  it("reads from the next opening when the zone is free now, and never sells past its closing", () => {
    // Sunday 2026-11-29 12:00 in Monterrey: free; Monday opens at 08:00 and closes at 20:00 (12 hours).
    renderWithProviders(
      <MeterPricePreview
        rules={{ ratePerHour: 1200, minMinutes: 60, maxMinutes: 1440, hours: WEEKDAYS, timeZone: "America/Monterrey" }}
        rates={MX_RATES}
        currency="mxn"
        at={Date.parse("2026-11-29T18:00:00Z")}
      />,
    );
    expect(Object.keys(totals())).toEqual(["60", "90", "120", "180", "240", "480"]);
  });

  it("says a zone that charges at no hour is free", () => {
    renderWithProviders(
      <MeterPricePreview
        rules={{
          ratePerHour: 1200,
          minMinutes: 15,
          maxMinutes: 120,
          hours: Array.from({ length: 7 }, () => null),
          timeZone: "America/Monterrey",
        }}
        rates={MX_RATES}
        currency="mxn"
      />,
    );
    expect(screen.queryByTestId("meter-price-preview")).toBeNull();
  });
});
