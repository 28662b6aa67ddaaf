import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";

/**
 * Writes the API's OpenAPI document (what `/api/docs/json` serves) to the file named by the first
 * argument, from an app on a throw-away SQLite database with no demo data: `npm run lint` checks it
 * with Redocly's recommended rules (redocly.yaml).
 */
const [output] = process.argv.slice(2);
if (!output) throw new Error("usage: openapi.ts <output.json>");
const dataDir = mkdtempSync(path.join(tmpdir(), "estaciona-openapi-"));
try {
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "false", PROCESS_ROLE: "api", LOG_LEVEL: "error" }),
    logger: false,
  });
  await app.ready();
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, JSON.stringify(app.swagger(), null, 2));
  await app.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
