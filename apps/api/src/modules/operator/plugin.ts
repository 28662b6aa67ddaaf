import { apiModule } from "../../plugins/module.ts";
import { operatorRoutes } from "./routes.ts";

/**
 * The operator console's API (docs/product/operators.md): locations, devices, payments and refunds, drivers,
 * operators and the audit log, each call inside the caller's organisation. Refunds go through the
 * payments module's ledger; locations and devices are the parking module's.
 */
export const operatorModule = apiModule(
  "operator",
  { decorators: ["db", "config", "providers", "metrics"], modules: ["payments", "parking"] },
  async (app) => {
    await app.register(operatorRoutes);
  },
);
