export * from "./card-brands.ts";
export * from "./constants.ts";
export * from "./errors.ts";
export * from "./fees.ts";
export * from "./payables.ts";
export * from "./states.ts";
export * from "./statuses.ts";
