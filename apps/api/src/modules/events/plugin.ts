import { apiModule } from "../../plugins/module.ts";
import { JOB_REFUND_NOTICE, refundCancelledEvent, sendRefundNotice } from "./cancellation.ts";
import { passKeys } from "./pass.ts";
import "./purchase.ts";
import "./reference-paid.ts";
import { nowIso } from "../../lib/time.ts";
import { finishEndedEventVisits } from "./repository.ts";
import { eventRoutes } from "./routes.ts";
import { JOB_REFUND_CANCELLED_EVENT } from "./service.ts";

const FINISH_ENDED_EVERY_MS = 60_000;

/**
 * Events at venues and event parking (docs/product/parking.md): pages, purchases through the ledger, signed
 * passes checked at the gate, and the refunds of a cancelled event. Needs the ledger (payments)
 * and the locations, vehicles and devices of parking.
 */
export const eventsModule = apiModule(
  "events",
  { decorators: ["db", "config", "providers", "jobs"], modules: ["payments", "parking"] },
  async (app) => {
    const keys = passKeys(app.config);
    app.jobs.register(JOB_REFUND_CANCELLED_EVENT, async (payload) => {
      await refundCancelledEvent(app, (payload as { eventId: string }).eventId);
    });
    app.jobs.register(JOB_REFUND_NOTICE, async (payload) => {
      await sendRefundNotice(app, (payload as { visitId: string }).visitId);
    });
    app.jobs.every("events.finish_ended", FINISH_ENDED_EVERY_MS, async () => {
      await finishEndedEventVisits(app.db, nowIso());
    });
    await app.register(eventRoutes(keys));
  },
);
