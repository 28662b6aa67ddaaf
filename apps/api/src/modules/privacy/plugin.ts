import { apiModule } from "../../plugins/module.ts";
import { privacyRoutes } from "./routes.ts";

/**
 * A driver's personal data across every module (docs/product/invoicing-account-contact.md, docs/decisions/0276):
 * the export, the erasure on account deletion, and what a paid-for thing keeps from being deleted.
 * Each module answers through its own `personal-data.ts`; users/ stays at the floor.
 */
export const privacyModule = apiModule(
  "privacy",
  {
    decorators: ["db"],
    modules: [
      "contact",
      "events",
      "home",
      "invoicing",
      "meters",
      "parking",
      "payments",
      "receipts",
      "subscriptions",
      "valet",
      "vehicles",
      "verification",
    ],
  },
  async (app) => {
    await app.register(privacyRoutes);
  },
);
