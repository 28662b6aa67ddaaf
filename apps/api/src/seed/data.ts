/**
 * Everything the seed writes, by purpose: reference data (always) and the demo's data per
 * feature (only with SEED_DEMO). One entry for the seed, the tests and the journeys.
 */
export * from "./demo/drivers.ts";
export * from "./demo/events.ts";
export * from "./demo/locations.ts";
export * from "./demo/meters.ts";
export * from "./demo/operators.ts";
export * from "./demo/passes.ts";
export * from "./reference.ts";
