/**
 * The job queue's claim as a route of the bench's server (issue 25 item 8): a worker of the queue's
 * own runner (modules/jobs/worker.ts) that knows one kind, `bench.noop`, claims one due job, runs its
 * empty handler and releases it — the claim, the lease and the outcome every job costs the queue.
 * The app's own worker does not know the kind, so only these requests take the due jobs.
 */
import { sql } from "kysely";
import type { App } from "../src/app.ts";
import type { Executor } from "../src/db/database.ts";
import { nowIso } from "../src/lib/time.ts";
import { createJobRunner } from "../src/modules/jobs/worker.ts";

export const CLAIM_ROUTE = "/bench/claim-one-job";
const KIND = "bench.noop";

export function registerClaimRoute(app: App): void {
  const runner = createJobRunner({ db: app.db, log: app.log, workerId: "bench-claim" });
  runner.register(KIND, async () => {});
  app.post(CLAIM_ROUTE, async (_request, reply) => {
    const ran = await runner.runDueJobs({ limit: 1 });
    // No due job left is a failed answer: the measure then says so instead of timing an empty claim.
    return reply.code(ran === 1 ? 200 : 503).send({ ran });
  });
}

/** `count` due jobs of the bench's kind, written by PostgreSQL in one statement (a run's claims take them). */
export async function insertDueJobs(db: Executor, count: number): Promise<void> {
  const now = nowIso();
  await sql`
    insert into jobs (id, kind, payload, run_at, status, attempts, max_attempts, created_at, updated_at)
    select gen_random_uuid()::text, ${KIND}, '{}', ${now}, 'queued', 0, 10, ${now}, ${now}
    from generate_series(1, ${count})`.execute(db);
}
