import { createServer } from "node:http";
import closeWithGrace from "close-with-grace";
import { type App, buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";

/** Prometheus scrapes this port; it is never the public one (docs/operations.md). */
function serveMetrics(app: App, port: number) {
  const server = createServer(async (request, response) => {
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
  try {
    config = loadConfig();
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
