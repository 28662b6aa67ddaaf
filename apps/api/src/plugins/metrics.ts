import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sql } from "kysely";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../db/database.ts";
import type { Row } from "../db/schema.ts";
import { isoBefore } from "../lib/time.ts";
import type { JobRunner } from "../modules/jobs/worker.ts";
import type { ProviderCallLabels } from "./provider-calls.ts";

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface Metrics {
  /** Prometheus text for the metrics port (`METRICS_PORT`). */
  registry: Registry;
  /** Charges by purpose and outcome, counted where the ledger records an outcome. */
  charges: Counter<"purpose" | "outcome">;
  /** Calls to the outside world (plugins/provider-calls.ts): by kind, provider, operation and outcome. */
  providerCalls: Histogram<ProviderCallLabels>;
}

/** Age buckets of unsettled payments (the alert rules name them): the ledger asks a gateway after 30 s. */
const AGES = [
  { label: "under_5m", seconds: 0 },
  { label: "5m_to_1h", seconds: 300 },
  { label: "1h_to_24h", seconds: 3600 },
  { label: "over_24h", seconds: 86_400 },
] as const;

/**
 * Prometheus metrics of one process: requests by route and status and their latency (the plugin's
 * hook), calls to providers with their latency, the job queue's depth, oldest wait, retrying and
 * dead jobs, unsettled charges and refunds by age, messages whose outcome is unknown, charges by
 * outcome, the worker loop's heartbeat, and Node's own process metrics. Queue and money figures
 * are read from the database on each scrape, so every process reports the same ones. Served apart
 * from the API, on `METRICS_PORT` (server.ts), never on the public port.
 */
export function createMetrics(db: Db, jobs: () => JobRunner | undefined): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  /** Jobs in `statuses` by kind; `retried`: only those that failed at least once. */
  const countJobs = async (gauge: Gauge<"kind">, statuses: Row<"jobs">["status"][], retried = false) => {
    let query = db
      .selectFrom("jobs")
      .select(["kind", sql<number>`count(*)`.as("count")])
      .where("status", "in", statuses)
      .groupBy("kind");
    if (retried) query = query.where("last_error", "is not", null);
    const rows = await query.execute();
    gauge.reset();
    for (const row of rows) gauge.set({ kind: row.kind }, Number(row.count));
  };
  new Gauge({
    name: "estaciona_jobs_waiting",
    help: "Jobs queued or running, by kind",
    labelNames: ["kind"],
    registers: [registry],
    async collect() {
      await countJobs(this, ["queued", "running"]);
    },
  });
  new Gauge({
    name: "estaciona_jobs_retrying",
    help: "Jobs that failed at least once and wait for another attempt, by kind",
    labelNames: ["kind"],
    registers: [registry],
    async collect() {
      await countJobs(this, ["queued"], true);
    },
  });
  new Gauge({
    name: "estaciona_jobs_dead",
    help: "Jobs that used up their attempts and will never run again, by kind",
    labelNames: ["kind"],
    registers: [registry],
    async collect() {
      await countJobs(this, ["failed"]);
    },
  });
  new Gauge({
    name: "estaciona_jobs_oldest_due_seconds",
    help: "How long the oldest due, unfinished job has waited past its run time",
    registers: [registry],
    async collect() {
      const oldest = await db
        .selectFrom("jobs")
        .select(sql<string | null>`min(run_at)`.as("run_at"))
        .where("status", "=", "queued")
        .where("run_at", "<=", new Date().toISOString())
        .executeTakeFirst();
      this.set(oldest?.run_at ? Math.max(0, (Date.now() - Date.parse(oldest.run_at)) / 1000) : 0);
    },
  });
  new Gauge({
    name: "estaciona_payments_unsettled",
    help: "Charges and refunds without a final outcome, by kind (charge, refund), status (pending, requires_action) and age since they started",
    labelNames: ["kind", "status", "age"],
    registers: [registry],
    async collect() {
      // Text ISO-8601 times compare in time order; one row per kind, status and bucket.
      const bucket = sql<string>`case ${sql.join(
        AGES.slice(1)
          .reverse()
          .map((age) => sql`when created_at <= ${isoBefore(age.seconds)} then ${age.label}`),
        sql` `,
      )} else ${AGES[0].label} end`;
      const rows = await db
        .selectFrom("payments")
        .select(["kind", "status", bucket.as("age"), sql<number>`count(*)`.as("count")])
        .where("status", "in", ["pending", "requires_action"])
        .groupBy(["kind", "status", "age"])
        .execute();
      this.reset();
      // Every bucket is reported, zeros included, so an alert's series exists before the first late payment.
      for (const kind of ["charge", "refund"])
        for (const status of ["pending", "requires_action"])
          for (const age of AGES) this.set({ kind, status, age: age.label }, 0);
      for (const row of rows) this.set({ kind: row.kind, status: row.status, age: row.age }, Number(row.count));
    },
  });
  new Gauge({
    name: "estaciona_messages_unknown",
    help: "Messages whose send was cut off without an answer: they may have left and are never resent (check them with the provider)",
    registers: [registry],
    async collect() {
      const unknown = await db
        .selectFrom("message_claims")
        .select(sql<number>`count(*)`.as("count"))
        .where("status", "=", "unknown")
        .executeTakeFirst();
      this.set(Number(unknown?.count ?? 0));
    },
  });
  new Gauge({
    name: "estaciona_worker_heartbeat_age_seconds",
    help: "Seconds since this process's job loop last went round, by worker id (the jobs' locked_by); absent where no loop runs",
    labelNames: ["worker"],
    registers: [registry],
    collect() {
      this.reset();
      const runner = jobs();
      const age = runner?.heartbeatAgeSeconds();
      if (runner && age !== null && age !== undefined) this.set({ worker: runner.workerId }, age);
    },
  });
  const charges = new Counter({
    name: "estaciona_charges_total",
    help: "Charges whose outcome the ledger recorded, by purpose and outcome",
    labelNames: ["purpose", "outcome"],
    registers: [registry],
  });
  const providerCalls = new Histogram({
    name: "estaciona_provider_call_duration_seconds",
    help: "Calls to providers (payments, sms, email, invoicing) by provider, operation and outcome (ok, refused, error), and their latency",
    labelNames: ["kind", "provider", "operation", "outcome"],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30],
    registers: [registry],
  });
  return { registry, charges, providerCalls };
}

/** Requests by route and status and their latency, into the registry `app.metrics` holds. */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const requests = new Counter({
      name: "estaciona_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registers: [app.metrics.registry],
    });
    const latency = new Histogram({
      name: "estaciona_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method and route pattern",
      labelNames: ["method", "route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [app.metrics.registry],
    });
    app.addHook("onResponse", async (request, reply) => {
      const route = request.routeOptions.url ?? "unmatched";
      requests.inc({ method: request.method, route, status: reply.statusCode });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
  },
  { name: "metrics" },
);
