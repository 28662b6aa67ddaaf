import { apiModule } from "../../plugins/module.ts";
import { deviceRoutes } from "./devices/routes.ts";
import { locationRoutes } from "./locations/routes.ts";
import { visitRoutes } from "./visits/routes.ts";
import { registerParkingJobs } from "./visits/settlement.ts";

/**
 * Locations, visits and devices (docs/product/parking.md). Paying a visit goes through the ledger, whose
 * reconciliation and refund jobs the payments module registers: it comes first.
 */
export const parkingModule = apiModule(
  "parking",
  {
    decorators: ["db", "config", "providers", "jobs"],
    modules: ["payments"],
  },
  async (app) => {
    registerParkingJobs(app, app.jobs);
    await app.register(locationRoutes);
    await app.register(visitRoutes);
    await app.register(deviceRoutes);
  },
);
