import { apiModule } from "../../plugins/module.ts";
import { outboxRoutes } from "./outbox-routes.ts";

/**
 * Messaging. Its providers are built with the app (`app.providers`); what it serves is the
 * sandbox outbox (DESIGN §9), only while the e-mail provider is the sandbox and never in
 * production: real messages are not readable through the API.
 */
export const messagingModule = apiModule("messaging", { decorators: ["db", "config"] }, async (app) => {
  if (!app.config.production && app.config.email.provider === "sandbox") await app.register(outboxRoutes);
});
