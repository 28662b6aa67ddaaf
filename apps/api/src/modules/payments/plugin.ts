import { apiModule } from "../../plugins/module.ts";
import { purgeIdempotencyKeys } from "./idempotency.ts";
import {
  CUT_OFF_SWEEP_EVERY_MS,
  closeRevenueDays,
  registerLedgerJobs,
  registerReferencePaidJobs,
  sweepCutOffAttempts,
  sweepPayments,
} from "./ledger.ts";
import { paymentRoutes } from "./routes.ts";
import { askForDueSandboxEvents, deliverDueSandboxEvents, JOB_SANDBOX_EVENTS } from "./sandbox/events.ts";
import { JOB_SANDBOX_WEBHOOK, SANDBOX_SIGNATURE_HEADER, signHmacWebhook } from "./sandbox/webhooks.ts";

/** Saved cards and the ledger: its reconciliation and refund jobs, the key purge and the sweep run in the worker. */
export const paymentsModule = apiModule(
  "payments",
  { decorators: ["db", "config", "providers", "jobs"] },
  async (app) => {
    registerLedgerJobs(app, app.jobs);
    registerReferencePaidJobs(app, app.jobs);
    app.jobs.every("purge idempotency keys", 3600_000, () => purgeIdempotencyKeys(app.db));
    app.jobs.every("reconcile charges cut off by a crash", CUT_OFF_SWEEP_EVERY_MS, async () => {
      await sweepCutOffAttempts(app);
    });
    app.jobs.every("sweep unsettled payments and unrefunded verifications", 5 * 60_000, async () => {
      await sweepPayments(app);
    });
    // The console's revenue of days that ended, rolled up once (docs/decisions/0349).
    app.jobs.every("close revenue days", 15 * 60_000, async () => {
      await closeRevenueDays(app.db);
    });
    // The sandbox gateway's webhooks reach the API the way a provider's do: one HTTP POST to its
    // webhook route, signature and all (sandbox/webhooks.ts); a refusal is retried like a provider's.
    app.jobs.register(JOB_SANDBOX_EVENTS, async () => {
      await deliverDueSandboxEvents(app.db);
    });
    app.jobs.every("ask for the sandbox's due events", 30_000, () => askForDueSandboxEvents(app.db));
    app.jobs.register(JOB_SANDBOX_WEBHOOK, async (payload) => {
      const { body } = payload as { body: string };
      const signature = signHmacWebhook(app.config.payments.webhooks.sandboxSecret, body);
      const answer = await app.inject({
        method: "POST",
        url: "/api/open/webhooks/sandbox",
        headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: body,
      });
      if (answer.statusCode >= 300) throw new Error(`sandbox webhook answered ${answer.statusCode}`);
    });
    await app.register(paymentRoutes);
  },
);
