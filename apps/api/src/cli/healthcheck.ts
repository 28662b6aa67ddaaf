/**
 * The container's health check for every role (`node apps/api/dist/healthcheck.mjs`, Dockerfile
 * HEALTHCHECK): an API (`api`, `all`) answers `GET /api/health` on PORT; a worker, which has no
 * public port, answers `GET /health` on METRICS_PORT from its job loop's heartbeat
 * (docs/operations.md). Exit 0 when healthy, 1 otherwise, with the answer on stdout.
 */
import process from "node:process";

const role = process.env.PROCESS_ROLE || "all";
const port = role === "worker" ? process.env.METRICS_PORT : process.env.PORT || "8080";
const path = role === "worker" ? "/health" : "/api/health";

if (!port) {
  process.stdout.write("a worker's health is answered on METRICS_PORT: set it\n");
  process.exit(1);
}
try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2500) });
  process.stdout.write(`${response.status} ${await response.text()}\n`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  process.stdout.write(`${path} did not answer: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
