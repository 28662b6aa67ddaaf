import { sql } from "kysely";
import type { Executor } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";

/** Anything JSON can carry: job payloads are stored as JSON text. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface EnqueueOptions {
  /** ISO timestamp; defaults to now. */
  runAt?: string;
  /** At most one queued or running job per key: a second enqueue with the same key is a no-op. */
  dedupeKey?: string;
  /** Defaults to 10. Attempts are counted when a worker claims the job, so a crash counts too. */
  maxAttempts?: number;
}

/**
 * Adds a job. Pass the open transaction to make the job part of it (an outbox): the job exists
 * if and only if the change that needs it was committed. Answers the job id, or null when a live
 * job with the same dedupe key already exists.
 */
export async function enqueue(
  executor: Executor,
  kind: string,
  payload: JsonValue,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const id = newId();
  const now = nowIso();
  const inserted = await executor
    .insertInto("jobs")
    .values({
      id,
      kind,
      payload: JSON.stringify(payload),
      run_at: options.runAt ?? now,
      status: "queued",
      attempts: 0,
      max_attempts: options.maxAttempts ?? 10,
      last_error: null,
      locked_at: null,
      locked_by: null,
      dedupe_key: options.dedupeKey ?? null,
      created_at: now,
      updated_at: now,
    })
    // ON CONFLICT rather than catching the violation: on PostgreSQL a failed insert would abort the caller's transaction.
    .onConflict((conflict) =>
      conflict
        .column("dedupe_key")
        .where(sql<boolean>`dedupe_key is not null and status in ('queued', 'running')`)
        .doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  return inserted?.id ?? null;
}
