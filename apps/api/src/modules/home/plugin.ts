import { apiModule } from "../../plugins/module.ts";
import { homeRoutes } from "./routes.ts";

/** The driver's home (docs/decisions/0170): what the requesting host offers, nearest the driver first. */
export const homeModule = apiModule(
  "home",
  { decorators: ["db"], modules: ["parking", "events", "subscriptions"] },
  async (app) => {
    await app.register(homeRoutes);
  },
);
