import { randomInt } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { UpdateObject } from "kysely";
import { type Db, forUpdate } from "../../db/database.ts";
import type { Database, Row } from "../../db/schema.ts";
import { newId } from "../../lib/ids.ts";
import { isoAfter, isoBefore, nowIso } from "../../lib/time.ts";
import { traceJob } from "../../plugins/tracing.ts";

export interface JobContext {
  id: string;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

/** Handlers must be safe to run again: a crash after the work but before "succeeded" runs it twice. */
export type JobHandler = (payload: unknown, job: JobContext) => Promise<void>;

/** Thrown by a handler that is not ready yet (e.g. waits for a provider): retried later without using up an attempt. */
export class JobRetryLater extends Error {
  override name = "JobRetryLater";
  constructor(readonly delaySeconds: number) {
    super(`retry in ${delaySeconds} s`);
  }
}

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How often the started worker looks for due jobs. */
  pollIntervalMs?: number;
  /**
   * A job whose lease was not renewed for this long belongs to a dead worker and is claimed again.
   * A live worker renews the lease of the job in hand every third of it (`locked_at`), so a
   * long job is never taken over while its worker lives, and a killed worker's job waits only this.
   */
  leaseSeconds?: number;
  workerId?: string;
}

export interface JobRunner {
  readonly workerId: string;
  register(kind: string, handler: JobHandler): void;
  /** Work that runs every `intervalMs` inside the worker loop (purges, sweeps); not persisted. */
  every(name: string, intervalMs: number, task: () => Promise<void>): void;
  /** Claims and runs due jobs one by one until none is due (or `limit` ran); answers how many ran. */
  runDueJobs(options?: { limit?: number }): Promise<number>;
  start(): void;
  /**
   * Seconds since the started loop last went round or finished a job: the worker's health
   * (a stuck handler or a dead loop stops it while the process still answers); null when not started.
   */
  heartbeatAgeSeconds(): number | null;
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
}

const BACKOFF_BASE_SECONDS = 5;
const BACKOFF_CAP_SECONDS = 3600;

/** Exponential backoff with up to 20 % jitter, so failing jobs do not retry in lockstep. */
export function backoffSeconds(attempt: number): number {
  const base = Math.min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempt - 1));
  return base + randomInt(0, Math.max(1, Math.floor(base / 5)) + 1);
}

/**
 * The job queue's worker (docs/product/system.md). Claiming is one transaction: on PostgreSQL the due row is
 * selected `FOR UPDATE SKIP LOCKED`, so several workers never take the same job; on SQLite the
 * process's single connection serialises transactions (one process per file). A claimed job is
 * marked `running` with `locked_at`/`locked_by`; its outcome is written only if the lock is
 * still ours, so a job reclaimed after its lease cannot be finished twice by the same claim.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseSeconds = options.leaseSeconds ?? 30;
  const handlers = new Map<string, JobHandler>();
  const periodic: { name: string; intervalMs: number; task: () => Promise<void>; lastRun: number }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = true;
  let inFlight: Promise<unknown> = Promise.resolve();
  let heartbeat: number | null = null;
  const beat = () => {
    if (!stopped) heartbeat = Date.now();
  };

  async function claimOne(): Promise<Row<"jobs"> | undefined> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return undefined;
    return db.transaction().execute(async (tx) => {
      const now = nowIso();
      const due = await tx
        .selectFrom("jobs")
        .select("id")
        .where("kind", "in", kinds)
        .where((eb) =>
          eb.or([
            eb.and([eb("status", "=", "queued"), eb("run_at", "<=", now)]),
            eb.and([eb("status", "=", "running"), eb("locked_at", "<", isoBefore(leaseSeconds))]),
          ]),
        )
        .orderBy("run_at")
        .limit(1)
        .$call(forUpdate(tx, { skipLocked: true }))
        .executeTakeFirst();
      if (!due) return undefined;
      return tx
        .updateTable("jobs")
        .set((eb) => ({
          status: "running",
          locked_at: now,
          locked_by: workerId,
          attempts: eb("attempts", "+", 1),
          updated_at: now,
        }))
        .where("id", "=", due.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /**
   * Writes a claimed job's outcome and releases it, only while the claim is still this worker's:
   * a job reclaimed after its lease is not finished twice.
   */
  async function release(job: Row<"jobs">, outcome: UpdateObject<Database, "jobs">): Promise<void> {
    await db
      .updateTable("jobs")
      .set({ ...outcome, locked_at: null, locked_by: null, updated_at: nowIso() })
      .where("id", "=", job.id)
      .where("locked_by", "=", workerId)
      .where("status", "=", "running")
      .execute();
  }

  /** Keeps the claim alive while the handler runs (see `leaseSeconds`). */
  function renewLease(jobId: string): NodeJS.Timeout {
    return setInterval(
      () => {
        db.updateTable("jobs")
          .set({ locked_at: nowIso() })
          .where("id", "=", jobId)
          .where("locked_by", "=", workerId)
          .where("status", "=", "running")
          .execute()
          .catch((error: unknown) => log.warn({ err: error, jobId }, "could not renew a job's lease"));
      },
      (leaseSeconds * 1000) / 3,
    );
  }

  async function runJob(job: Row<"jobs">): Promise<void> {
    const handler = handlers.get(job.kind);
    const renewal = renewLease(job.id);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await traceJob(job.kind, job.attempts, () =>
        handler(JSON.parse(job.payload) as unknown, {
          id: job.id,
          kind: job.kind,
          attempt: job.attempts,
          maxAttempts: job.max_attempts,
        }),
      );
      await release(job, { status: "succeeded", last_error: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof JobRetryLater) {
        // Not ready yet: the attempt it was claimed with is given back.
        await release(job, { status: "queued", attempts: job.attempts - 1, run_at: isoAfter(error.delaySeconds) });
        return;
      }
      const exhausted = job.attempts >= job.max_attempts;
      if (exhausted) log.error({ err: error, jobId: job.id, kind: job.kind }, "job failed for good");
      else log.warn({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, "job failed; will retry");
      await release(job, {
        status: exhausted ? "failed" : "queued",
        run_at: exhausted ? job.run_at : isoAfter(backoffSeconds(job.attempts)),
        last_error: message.slice(0, 1000),
      });
    } finally {
      clearInterval(renewal);
    }
  }

  async function runDueJobs({ limit = 100 }: { limit?: number } = {}): Promise<number> {
    let ran = 0;
    while (ran < limit) {
      const job = await claimOne();
      if (!job) break;
      await runJob(job);
      beat();
      ran += 1;
    }
    return ran;
  }

  async function runPeriodic(): Promise<void> {
    for (const entry of periodic) {
      if (Date.now() - entry.lastRun < entry.intervalMs) continue;
      entry.lastRun = Date.now();
      try {
        await entry.task();
      } catch (error) {
        log.error({ err: error, task: entry.name }, "periodic task failed");
      }
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      if (stopped || running) return;
      running = true;
      beat();
      inFlight = (async () => {
        try {
          await runPeriodic();
          await runDueJobs();
        } catch (error) {
          log.error({ err: error }, "job worker tick failed");
        } finally {
          running = false;
          schedule();
        }
      })();
    }, pollIntervalMs);
    timer.unref();
  }

  return {
    workerId,
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    every(name, intervalMs, task) {
      periodic.push({ name, intervalMs, task, lastRun: 0 });
    },
    runDueJobs,
    start() {
      if (!stopped) return;
      stopped = false;
      beat();
      schedule();
    },
    heartbeatAgeSeconds: () => (heartbeat === null || stopped ? null : (Date.now() - heartbeat) / 1000),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight;
    },
  };
}
