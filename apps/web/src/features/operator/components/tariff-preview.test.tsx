import { feeRatesFromBody, tariffFromBody } from "@estaciona/contracts/schemas/parking";
import { operator as en } from "@estaciona/i18n/locales/en/operator";
import { operator as es } from "@estaciona/i18n/locales/es/operator";
import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  fundidoraRates,
  fundidoraTariff,
  registerParkingCatalogues,
  renderWithProviders,
} from "../../../components/parking/testing/fixtures.tsx";
import { registerNamespaces } from "../../../lib/i18n.ts";
import { TariffPreview } from "./tariff-preview.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
beforeAll(() => {
  registerParkingCatalogues();
  registerNamespaces("operator", { en, es });
});

describe("Tariff preview (the console's live price)", () => {
  it("prices common stays as drivers are charged: free in the grace minutes, then fees and tax on top", () => {
    renderWithProviders(
      <TariffPreview
        tariff={tariffFromBody(fundidoraTariff)}
        rates={feeRatesFromBody(fundidoraRates)}
        currency="mxn"
      />,
    );
    const table = screen.getByTestId("tariff-preview");
    const totalOf = (minutes: number) => {
      const row = table.querySelector(`tr[data-minutes="${minutes}"]`);
      if (!(row instanceof HTMLElement)) throw new Error(`no row for ${minutes} minutes`);
      return within(row).getAllByRole("cell").at(-1)?.textContent;
    };
    expect(totalOf(15)).toBe("$0.00 MXN");
    // $20 first hour + $5 service = $25; 2.9 % card = $0.73; 16 % IVA on $25.73 = $4.12.
    expect(totalOf(60)).toBe("$29.85 MXN");
    // 90 minutes: $30 + $5 = $35; card $1.02; IVA on $36.02 = $5.76 (the API suite charges the same).
    expect(totalOf(90)).toBe("$41.78 MXN");
  });
});
