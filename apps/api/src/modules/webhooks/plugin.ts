import { apiModule } from "../../plugins/module.ts";
import { webhookRoutes } from "./routes.ts";
import { registerWebhookJobs } from "./service.ts";

/** Gateways' webhooks (docs/decisions/0155): verified, stored once, applied through the ledger by a job. */
export const webhooksModule = apiModule(
  "webhooks",
  { decorators: ["db", "config", "providers", "jobs"], modules: ["payments"] },
  async (app) => {
    registerWebhookJobs(app, app.jobs);
    await app.register(webhookRoutes);
  },
);
