/**
 * Every declaration by feature, for the server-side readers of all of them (the OpenAPI
 * document names each operation by its export). The SPA imports the feature files it calls, never this.
 */
export * as auth from "./auth.ts";
export * as balance from "./balance.ts";
export * as contact from "./contact.ts";
export * as devices from "./devices.ts";
export * as events from "./events.ts";
export * as health from "./health.ts";
export * as home from "./home.ts";
export * as hosts from "./hosts.ts";
export * as invoicing from "./invoicing.ts";
export * as meters from "./meters.ts";
export * as operator from "./operator.ts";
export * as parking from "./parking.ts";
export * as payments from "./payments.ts";
export * as receipts from "./receipts.ts";
export * as references from "./references.ts";
export * as reminders from "./reminders.ts";
export * as sandbox from "./sandbox.ts";
export * as subscriptions from "./subscriptions.ts";
export * as users from "./users.ts";
export * as valet from "./valet.ts";
export * as vehicles from "./vehicles.ts";
export * as verification from "./verification.ts";
export * as wallets from "./wallets.ts";
export * as webhooks from "./webhooks.ts";
