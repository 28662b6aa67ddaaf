import {
  type InsertQueryBuilder,
  type InsertResult,
  type OnConflictBuilder,
  PostgresAdapter,
  type QueryCreator,
  sql,
} from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { Db, Executor } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
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
  const inserted = await insertJob.first(executor, ...newJob(kind, payload, options));
  return inserted?.id ?? null;
}

/** A new job's values in `jobRow`'s order: a new id, its kind and payload, when it runs, its attempts, its key, now. */
function newJob(kind: string, payload: JsonValue, options: EnqueueOptions) {
  const now = nowIso();
  return [
    newId(),
    kind,
    JSON.stringify(payload),
    options.runAt ?? now,
    options.maxAttempts ?? 10,
    options.dedupeKey ?? null,
    now,
  ] as const;
}

/** A queued job's row. */
const jobRow = (
  id: string,
  kind: string,
  payload: string,
  runAt: string,
  maxAttempts: number,
  dedupeKey: string | null,
  now: string,
) => ({
  id,
  kind,
  payload,
  run_at: runAt,
  status: "queued" as const,
  attempts: 0,
  max_attempts: maxAttempts,
  last_error: null,
  locked_at: null,
  locked_by: null,
  dedupe_key: dedupeKey,
  created_at: now,
  updated_at: now,
});

/** A live job with the same dedupe key makes the insert a no-op (`EnqueueOptions.dedupeKey`). */
const skipLiveDuplicate = (conflict: OnConflictBuilder<Database, "jobs">) =>
  conflict
    .column("dedupe_key")
    .where(sql<boolean>`dedupe_key is not null and status in ('queued', 'running')`)
    .doNothing();

/**
 * One queued job; compiled once (db/compiled-once.ts): every money call enqueues one to three.
 * ON CONFLICT rather than catching the violation: on PostgreSQL a failed insert would abort the
 * caller's transaction.
 */
const insertJob = compiledOnce(
  (
    db,
    id: string,
    kind: string,
    payload: string,
    runAt: string,
    maxAttempts: number,
    dedupeKey: string | null,
    now: string,
  ) =>
    db
      .insertInto("jobs")
      .values(jobRow(id, kind, payload, runAt, maxAttempts, dedupeKey, now))
      .onConflict(skipLiveDuplicate)
      .returning("id"),
);

/** How many values `newJob` gives a job, in `jobRow`'s order. */
const JOB_ARITY = 7;
type JobValues = ReturnType<typeof newJob>;

/**
 * A row's insert, and the same insert with a job queued with it, both or neither, for a caller
 * without a transaction of its own: on PostgreSQL in one statement (`with written as (insert …)
 * insert into jobs …`, one round trip where a transaction of the two takes four, decision 0348),
 * on SQLite in a transaction of the two (it has no writing `with`). The row's insert fails as it
 * would alone. Both are compiled once (db/compiled-once.ts): `insertRow` takes the row's `arity`
 * values under compiledOnce's rules.
 */
export function rowInsert<Values extends unknown[], Table extends keyof Database>(
  arity: number,
  insertRow: (creator: QueryCreator<Database>, ...values: Values) => InsertQueryBuilder<Database, Table, InsertResult>,
) {
  const alone = compiledOnce((db, ...values: Values) => insertRow(db, ...values), arity);
  const withJob = compiledOnce(
    (db, ...values: [...Values, ...JobValues]) =>
      db
        .with("written", (creator) => insertRow(creator, ...(values.slice(0, arity) as Values)))
        .insertInto("jobs")
        .values(jobRow(...(values.slice(arity) as unknown as JobValues)))
        .onConflict(skipLiveDuplicate),
    arity + JOB_ARITY,
  );
  return {
    /** The row alone. */
    insert: async (executor: Executor, ...values: Values): Promise<void> => {
      await alone.all(executor, ...values);
    },
    /** The row and a job queued with it. */
    insertWithJob: async (
      db: Db,
      values: Values,
      kind: string,
      payload: JsonValue,
      options: EnqueueOptions = {},
    ): Promise<void> => {
      const job = newJob(kind, payload, options);
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await withJob.all(db, ...values, ...job);
        return;
      }
      await db.transaction().execute(async (tx) => {
        await alone.all(tx, ...values);
        await insertJob.all(tx, ...job);
      });
    },
  };
}
