import { CARD_BRANDS, type CardBrand } from "./constants.ts";

/**
 * Card brands as people write them, wherever a card is named: the SPA's card lists and receipts,
 * the receipt e-mail. The API stores the lower-case word of `CARD_BRANDS` (or, for another
 * network, the provider's own word); these names are the same in every language.
 */
export const CARD_BRAND_NAMES = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
} as const satisfies Record<CardBrand, string>;

export const isCardBrand = (brand: string): brand is CardBrand => (CARD_BRANDS as readonly string[]).includes(brand);

/**
 * A card's brand as people write it (`visa` → "Visa"). Any other brand is named by `otherBrand`,
 * the reader's word for a card ("Card", "Tarjeta"): a provider's internal word is no name.
 */
export const cardBrandName = (brand: string, otherBrand: string): string =>
  isCardBrand(brand) ? CARD_BRAND_NAMES[brand] : otherBrand;
