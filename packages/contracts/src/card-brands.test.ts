import { describe, expect, it } from "vitest";
import { cardBrandName, isCardBrand } from "./card-brands.ts";
import { CARD_BRANDS } from "./constants.ts";

describe("cardBrandName (one spelling for the SPA and the e-mails)", () => {
  it("writes every brand the API stores as people write it", () => {
    expect(CARD_BRANDS.map((brand) => cardBrandName(brand, "Card"))).toEqual([
      "Visa",
      "Mastercard",
      "American Express",
    ]);
  });

  it("names any other brand with the reader's word for a card", () => {
    expect(cardBrandName("unknown", "Tarjeta")).toBe("Tarjeta");
    expect(cardBrandName("carnet", "Card")).toBe("Card");
    expect(cardBrandName("Visa", "Card")).toBe("Card");
    expect(isCardBrand("visa")).toBe(true);
    expect(isCardBrand("constructor")).toBe(false);
  });
});
