import { type Db, type Executor, forUpdate } from "../../../db/database.ts";
import { enqueue } from "../../jobs/queue.ts";
import { JOB_SANDBOX_WEBHOOK, SANDBOX_WEBHOOK_ATTEMPTS, sandboxEventJob } from "./webhooks.ts";

/**
 * The sandbox's charge events, sent in batches (docs/decisions/0354). A charge with an event to
 * send says so itself (`sandbox_charges.event_due`) and asks for the delivery job, of which one
 * at most is queued or running: while it waits, the charges made meanwhile add no job, only
 * their events. The job then writes one webhook job per event, as before.
 */
export const JOB_SANDBOX_EVENTS = "payments.sandbox-events";

/** The delivery job's dedupe key: one queued or running at a time. */
export const SANDBOX_EVENTS_KEY = "sandbox-events";

/** Events turned into webhooks per transaction. */
const BATCH = 100;

/**
 * Turns every due charge event into its webhook job, a batch per transaction in which the events
 * are marked sent: each event becomes one webhook, once, whichever worker runs this (PostgreSQL:
 * rows another worker holds are passed over). Answers how many.
 */
export async function deliverDueSandboxEvents(db: Db): Promise<number> {
  let delivered = 0;
  for (;;) {
    const sent = await db.transaction().execute(async (tx) => {
      const due = await tx
        .selectFrom("sandbox_charges")
        .select(["id", "reference", "event_due", "created_at"])
        .where("event_due", "is not", null)
        .orderBy("created_at")
        .limit(BATCH)
        .$call(forUpdate(tx, { skipLocked: true }))
        .execute();
      for (const { event_due, ...charge } of due)
        if (event_due)
          await enqueue(tx, JOB_SANDBOX_WEBHOOK, sandboxEventJob(event_due, charge, charge.created_at), {
            maxAttempts: SANDBOX_WEBHOOK_ATTEMPTS,
          });
      if (due.length > 0)
        await tx
          .updateTable("sandbox_charges")
          .set({ event_due: null })
          .where(
            "id",
            "in",
            due.map((charge) => charge.id),
          )
          .execute();
      return due.length;
    });
    delivered += sent;
    if (sent < BATCH) return delivered;
  }
}

/**
 * The safety net, run by each worker every 30 s: a charge made while the delivery job was ending
 * found it still running and asked for none; its event is sent by the next one.
 */
export async function askForDueSandboxEvents(db: Executor): Promise<void> {
  const due = await db
    .selectFrom("sandbox_charges")
    .select("id")
    .where("event_due", "is not", null)
    .limit(1)
    .executeTakeFirst();
  if (due) await enqueue(db, JOB_SANDBOX_EVENTS, {}, { dedupeKey: SANDBOX_EVENTS_KEY });
}
