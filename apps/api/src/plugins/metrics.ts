import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sql } from "kysely";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

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
}

/**
 * Prometheus metrics of one process: requests by route and status, their latency, the job queue's
 * depth and oldest age (read from the database on each scrape, so every worker reports the same
 * queue), messages whose outcome is unknown, charges by outcome, and Node's own process metrics. Served apart from the API, on
 * `METRICS_PORT` (server.ts), never on the public port.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: "estaciona_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    });
    const latency = new Histogram({
      name: "estaciona_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method and route pattern",
      labelNames: ["method", "route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    new Gauge({
      name: "estaciona_jobs_waiting",
      help: "Jobs queued or running, by kind",
      labelNames: ["kind"],
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await app.db
          .selectFrom("jobs")
          .select(["kind", sql<number>`count(*)`.as("count")])
          .where("status", "in", ["queued", "running"])
          .groupBy("kind")
          .execute();
        for (const row of rows) this.set({ kind: row.kind }, Number(row.count));
      },
    });
    new Gauge({
      name: "estaciona_jobs_oldest_due_seconds",
      help: "How long the oldest due, unfinished job has waited past its run time",
      registers: [registry],
      async collect() {
        const oldest = await app.db
          .selectFrom("jobs")
          .select(sql<string | null>`min(run_at)`.as("run_at"))
          .where("status", "=", "queued")
          .where("run_at", "<=", new Date().toISOString())
          .executeTakeFirst();
        this.set(oldest?.run_at ? Math.max(0, (Date.now() - Date.parse(oldest.run_at)) / 1000) : 0);
      },
    });
    new Gauge({
      name: "estaciona_messages_unknown",
      help: "Messages whose send was cut off without an answer: they may have left and are never resent (check them with the provider)",
      registers: [registry],
      async collect() {
        const unknown = await app.db
          .selectFrom("message_claims")
          .select(sql<number>`count(*)`.as("count"))
          .where("status", "=", "unknown")
          .executeTakeFirst();
        this.set(Number(unknown?.count ?? 0));
      },
    });
    const charges = new Counter({
      name: "estaciona_charges_total",
      help: "Charges whose outcome the ledger recorded, by purpose and outcome",
      labelNames: ["purpose", "outcome"],
      registers: [registry],
    });

    app.addHook("onResponse", async (request, reply) => {
      const route = request.routeOptions.url ?? "unmatched";
      requests.inc({ method: request.method, route, status: reply.statusCode });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
    app.decorate("metrics", { registry, charges });
  },
  { name: "metrics" },
);
