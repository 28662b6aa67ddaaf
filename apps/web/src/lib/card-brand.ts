import { cardBrandName as brandName } from "@estaciona/contracts";
import { i18n } from "./i18n.ts";

/** A card's brand as people write it (Visa, Mastercard, American Express); any other reads "Card". */
export const cardBrandName = (brand: string): string => brandName(brand, i18n.t("common:other_card_brand"));
