import { apiModule } from "../../plugins/module.ts";
import { webhookRoutes } from "./routes.ts";
import { registerWebhookJobs } from "./service.ts";

/** Gateways' and Facturapi's webhooks (docs/decisions/0155, 0208): verified, stored once, applied by a job. */
export const webhooksModule = apiModule(
  "webhooks",
  { decorators: ["db", "config", "providers", "jobs"], modules: ["messaging", "payments", "invoicing"] },
  async (app) => {
    registerWebhookJobs(app, app.jobs);
    await app.register(webhookRoutes);
  },
);
