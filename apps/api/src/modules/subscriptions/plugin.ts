import { apiModule } from "../../plugins/module.ts";
import "./reference-paid.ts";
import { registerSubscriptionJobs } from "./renewals.ts";
import { subscriptionRoutes } from "./routes.ts";

/**
 * Passes (pensiones), promo codes and partner landings (docs/product/passes-and-promo-codes.md). Each period is a ledger
 * payable, so payments comes first; plans sit at parking's locations.
 */
export const subscriptionsModule = apiModule(
  "subscriptions",
  {
    decorators: ["db", "config", "providers", "jobs"],
    modules: ["payments", "parking"],
  },
  async (app) => {
    registerSubscriptionJobs(app, app.jobs);
    await app.register(subscriptionRoutes);
  },
);
