import { createServer } from "node:http";
import closeWithGrace from "close-with-grace";
import { sql } from "kysely";
import { type App, buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { startTracing } from "./plugins/tracing.ts";

/**
 * A job loop that has not gone round for this long is stuck (a handler that never returns) or dead.
 * Provider calls give up within 20 s and a tick runs at most 100 jobs, each beating.
 */
const HEARTBEAT_STALE_SECONDS = 120;

/**
 * The process's own health, for the container's check of a worker (which has no public port):
 * its job loop's heartbeat is fresh and the database answers (docs/operations.md).
 */
async function processHealth(app: App): Promise<{ healthy: boolean; body: object }> {
  const heartbeat = app.config.role === "api" ? null : app.jobs.heartbeatAgeSeconds();
  const loop =
    app.config.role === "api"
      ? "not_run"
      : heartbeat !== null && heartbeat < HEARTBEAT_STALE_SECONDS
        ? "ok"
        : "stalled";
  const database = await sql`select 1`.execute(app.db).then(
    () => "ok",
    () => "unreachable",
  );
  return {
    healthy: loop !== "stalled" && database === "ok",
    body: { role: app.config.role, jobs: loop, heartbeat_age_seconds: heartbeat, database },
  };
}

/** Prometheus scrapes this port, and a worker's health check asks `/health` here; it is never the public one (docs/operations.md). */
function serveMetrics(app: App, port: number) {
  const server = createServer(async (request, response) => {
    if (request.url === "/health") {
      const { healthy, body } = await processHealth(app);
      response.writeHead(healthy ? 200 : 503, { "content-type": "application/json" }).end(JSON.stringify(body));
      return;
    }
    if (request.url !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await app.metrics.registry.metrics();
      response.writeHead(200, { "content-type": app.metrics.registry.contentType }).end(body);
    } catch (error) {
      app.log.error({ err: error }, "metrics could not be collected");
      response.writeHead(503).end();
    }
  });
  server.listen(port, app.config.host);
  app.addHook("onClose", async () => {
    server.close();
  });
}

/**
 * The only file that listens. PROCESS_ROLE picks what this process does with the same build:
 * `all` (the embedded default: API + jobs), `api` (HTTP only) or `worker` (jobs only, no public
 * port). Stopping: readiness turns 503 for SHUTDOWN_DRAIN_SECONDS so the load balancer stops
 * sending, then the server closes, the worker finishing the job in hand.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  let app: App;
  let stopTracing: (() => Promise<void>) | undefined;
  try {
    config = loadConfig();
    stopTracing = config.tracing && startTracing(config.tracing);
    app = await buildApp({ config });
  } catch (error) {
    // A setting or a schema the operator must fix: the message says what, without a stack.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  closeWithGrace({ delay: (config.drainSeconds + 10) * 1000 }, async ({ err }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    app.draining = true;
    if (config.drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    await app.close();
    // Last, so the spans of the requests and jobs that finished while closing are sent too.
    await stopTracing?.();
  });
  if (config.metricsPort !== undefined) serveMetrics(app, config.metricsPort);
  if (config.role === "worker") {
    await app.ready();
    app.log.info(`Estaciona worker started (database: ${app.dbEngine})`);
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Estaciona ${config.role === "api" ? "API" : "API and worker"} running on ${config.publicUrl} (database: ${app.dbEngine}, SMS: ${config.sms.provider})`,
  );
}

await main();
