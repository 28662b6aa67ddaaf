/**
 * What a payment pays for: every kind of payable the ledger knows (docs/decisions/0105). A
 * product that takes money adds its kind here first; the database refuses any other
 * `payments.payable_type` (a CHECK), and every `Record<PayableType, …>` — the API's describer and
 * deletion blockers, the catalogue's words, the kinds test — stops compiling until it is filled in.
 */
export const PAYABLE_TYPES = [
  "visit",
  "subscription_period",
  "meter_purchase",
  "event_visit",
  "valet_ticket",
  "payment_method",
  "balance_top_up",
] as const;
export type PayableType = (typeof PAYABLE_TYPES)[number];

/**
 * Kinds that are money taken at a location: shown in the console and its CSV (a card verification is
 * not one). A balance top-up is listed but is no sale: revenue counts its spends (docs/decisions/0210).
 */
export const SOLD_PAYABLE_TYPES = [
  "visit",
  "subscription_period",
  "meter_purchase",
  "event_visit",
  "valet_ticket",
  "balance_top_up",
] as const satisfies readonly PayableType[];
export type SoldPayableType = (typeof SOLD_PAYABLE_TYPES)[number];
