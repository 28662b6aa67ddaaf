import { apiModule } from "../../plugins/module.ts";
import { reportAbandonedClaims } from "./outbox.ts";
import { outboxRoutes } from "./outbox-routes.ts";

const ABANDONED_CLAIMS_SWEEP_MS = 60_000;

/**
 * Messaging. Its providers are built with the app (`app.providers`) and reached only through
 * `sendOnce` (outbox.ts); the worker reports sends cut off by a crash. What it serves is the
 * sandbox outbox (docs/product/invoicing-account-contact.md), only while the e-mail provider is the sandbox and never in
 * production: real messages are not readable through the API.
 */
export const messagingModule = apiModule("messaging", { decorators: ["db", "config", "jobs"] }, async (app) => {
  app.jobs.every("messaging.abandoned_claims", ABANDONED_CLAIMS_SWEEP_MS, async () => {
    await reportAbandonedClaims(app);
  });
  if (!app.config.production && app.config.email.provider === "sandbox") await app.register(outboxRoutes);
});
