import { apiModule } from "../../plugins/module.ts";
import { purgeIdempotencyKeys } from "./idempotency.ts";
import { registerLedgerJobs, sweepPayments } from "./ledger.ts";
import { paymentRoutes } from "./routes.ts";

/** Saved cards and the ledger: its reconciliation and refund jobs, the key purge and the sweep run in the worker. */
export const paymentsModule = apiModule(
  "payments",
  { decorators: ["db", "config", "providers", "jobs"] },
  async (app) => {
    registerLedgerJobs(app, app.jobs);
    app.jobs.every("purge idempotency keys", 3600_000, () => purgeIdempotencyKeys(app.db));
    app.jobs.every("sweep unsettled payments and unrefunded verifications", 5 * 60_000, async () => {
      await sweepPayments(app);
    });
    await app.register(paymentRoutes);
  },
);
