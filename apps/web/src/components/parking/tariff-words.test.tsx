import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../lib/i18n.ts";
import { TariffWords } from "./tariff-words.tsx";
import { fundidora, registerParkingCatalogues } from "./testing/fixtures.tsx";

vi.mock("../../lib/catalogues/parking.ts", () => ({}));
beforeAll(registerParkingCatalogues);

describe("Tariff in words (QR landing)", () => {
  it("builds the sentences from the tariff's numbers with plurals, and leads with the all-in price", () => {
    render(<TariffWords location={fundidora} />);
    expect(screen.getByText("You pay for a stay of up to 1 hour")).toBeInTheDocument();
    expect(screen.getByTestId("all-in-price")).toHaveTextContent("$29.85 MXN");
    for (const sentence of [
      "The first 15 minutes are free.",
      "First hour: $20.00 MXN.",
      "Then $10.00 MXN for each additional 30 minutes or part of them.",
      "At most $250.00 MXN for each 24 hours.",
    ])
      expect(screen.getByText(sentence)).toBeInTheDocument();
  });

  it("speaks Spanish, with hours when the period is whole hours and no grace sentence without grace", async () => {
    await i18n.changeLanguage("es");
    try {
      render(
        <TariffWords
          location={{
            ...fundidora,
            tariff: {
              ...fundidora.tariff,
              grace_minutes: 0,
              first_period_minutes: 120,
              increment_minutes: 60,
              daily_max: null,
            },
          }}
        />,
      );
      expect(screen.getByText("Primeras 2 horas: $20.00 MXN.")).toBeInTheDocument();
      expect(screen.getByText("Después, $10.00 MXN por cada hora adicional o fracción.")).toBeInTheDocument();
      expect(screen.queryByText(/gratis/)).not.toBeInTheDocument();
      expect(screen.queryByText(/Máximo/)).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
