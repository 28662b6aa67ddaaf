import { CARD_BRANDS, type CardBrand } from "@estaciona/contracts";
import { i18n } from "./i18n.ts";

export const isKnownBrand = (brand: string): brand is CardBrand => (CARD_BRANDS as readonly string[]).includes(brand);

/** A card's brand as people write it (Visa, Mastercard, American Express); any other reads "Card". */
export const cardBrandName = (brand: string): string =>
  i18n.t(isKnownBrand(brand) ? `card_brands.${brand}` : "card_brands.other");
