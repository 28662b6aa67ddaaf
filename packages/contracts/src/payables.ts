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
] as const;
export type PayableType = (typeof PAYABLE_TYPES)[number];

/** Kinds that are sales at a location: shown in the console, its CSV and revenue (a card verification is not one). */
export const SOLD_PAYABLE_TYPES = [
  "visit",
  "subscription_period",
  "meter_purchase",
  "event_visit",
  "valet_ticket",
] as const satisfies readonly PayableType[];
export type SoldPayableType = (typeof SOLD_PAYABLE_TYPES)[number];
