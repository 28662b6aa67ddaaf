import { sql } from "kysely";
import type { Executor } from "../../db/database.ts";

/**
 * Charges cut off before their outcome was recorded: still `pending`, last written between two
 * moments, with no live reconciliation job (`reconcile:<id>`, ledger/attempt.ts). Through
 * `payments_status`; the job's through its partial unique index on the key.
 */
export function listCutOffAttempts(db: Executor, from: string, before: string, limit: number) {
  return db
    .selectFrom("payments")
    .select(["payments.id", "payments.created_at"])
    .where("payments.status", "=", "pending")
    .where("payments.updated_at", ">=", from)
    .where("payments.updated_at", "<", before)
    .where("payments.kind", "=", "charge")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("jobs")
            .select("jobs.id")
            .where(sql<boolean>`jobs.dedupe_key = 'reconcile:' || payments.id`)
            .where("jobs.status", "in", ["queued", "running"]),
        ),
      ),
    )
    .limit(limit)
    .execute();
}
