import type { Currency } from "./constants.ts";

/**
 * The prepaid balance (saldo; docs/decisions/0210): what a driver may hold at one organisation in
 * one currency, and the smallest top-up. Minor units.
 */
export const BALANCE_CAP: Record<Currency, number> = { mxn: 200_000, usd: 20_000 };
export const BALANCE_MIN_TOP_UP: Record<Currency, number> = { mxn: 5_000, usd: 500 };
/** The top-up amounts the home offers as one tap (minor units). */
export const BALANCE_TOP_UP_CHOICES: Record<Currency, readonly number[]> = {
  mxn: [10_000, 20_000, 50_000],
  usd: [1_000, 2_000, 5_000],
};
/** What a pay call names instead of a card's uuid to pay from the balance. */
export const BALANCE_SOURCE = "balance";
