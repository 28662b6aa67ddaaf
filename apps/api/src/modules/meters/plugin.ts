import { apiModule } from "../../plugins/module.ts";
import { registerMeterPayable } from "./payable.ts";
import { registerMeterJobs } from "./reminders.ts";
import { meterRoutes } from "./routes.ts";

/**
 * Parking meters (docs/product/parking.md): zones, the map, sessions paid through the ledger, reminders and the
 * officer's check. Buying time goes through the ledger, whose jobs the payments module registers;
 * the check reads the device the parking module's guard found: both come first.
 */
export const metersModule = apiModule(
  "meters",
  {
    decorators: ["db", "config", "providers", "jobs"],
    modules: ["payments", "parking"],
  },
  async (app) => {
    registerMeterPayable(app);
    registerMeterJobs(app, app.jobs);
    await app.register(meterRoutes);
  },
);
