import { apiModule } from "../../plugins/module.ts";
import { sendCarReady } from "./messages.ts";
import "./payment.ts";
import { valetRoutes } from "./routes.ts";
import { claimKeys, JOB_CAR_READY } from "./service.ts";

/**
 * Valet (docs/product/parking.md): tickets opened by a stand, claimed and paid (with a tip) by the driver through
 * the ledger, the car asked for and brought. Needs the ledger (payments) and parking's locations,
 * tariffs and devices.
 */
export const valetModule = apiModule(
  "valet",
  { decorators: ["db", "config", "providers", "jobs"], modules: ["payments", "parking"] },
  async (app) => {
    app.jobs.register(JOB_CAR_READY, async (payload) => {
      await sendCarReady(app, (payload as { ticketId: string }).ticketId);
    });
    await app.register(valetRoutes(claimKeys(app.config)));
  },
);
