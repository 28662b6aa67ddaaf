import { withServerDatabase } from "./fixtures.ts";

/** A meter's reminder is due ten minutes before the end: make it due now in the server's own database. */
export function reminderDueNow(): void {
  withServerDatabase((database) =>
    database
      .prepare("UPDATE jobs SET run_at = ? WHERE kind = 'meters.reminder' AND status = 'queued'")
      .run(new Date(Date.now() - 1000).toISOString()),
  );
}
