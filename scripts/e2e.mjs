// `npm run test:e2e` after the build: the browser journeys as E2E_SHARDS Playwright runs side by
// side (default 2). Each run takes a fixed share of the spec files and has its own server, port
// (E2E_PORT + k - 1) and database (E2E_DATA_DIR-k), so every journey still runs one at a time
// against a database only the journeys before it in its own share have touched — as with one
// worker, deterministic — while the other share runs beside it (docs/decisions/0225). The shares
// are balanced by each spec's measured seconds (e2e/journey-seconds.json, docs/decisions/0318):
// the same table gives the same split on every run; `npm run e2e:seconds` refreshes it from the
// last whole run's report.
// Arguments (a spec, a grep) run one Playwright run exactly as before; so does E2E_SHARDS=1.
// The shards' JSON reports are merged into test-results/e2e.json for scripts/test-summary.mjs.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const config = "e2e/playwright.config.ts";

/**
 * Spec files into `shards` shares of about equal measured time: the longest spec first, each to
 * the share with the least time so far (a spec with no measure yet counts as the median one);
 * each share then runs its specs in name order. Deterministic for a given list and table.
 * @param {string[]} specs
 * @param {Record<string, number>} seconds
 * @param {number} shards
 * @returns {string[][]}
 */
export function balanceSpecs(specs, seconds, shards) {
  const known = Object.values(seconds).sort((a, b) => a - b);
  const median = known.length > 0 ? known[Math.floor(known.length / 2)] : 1;
  const weight = (spec) => seconds[spec] ?? median;
  const byWeight = [...specs].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  const shares = Array.from({ length: shards }, () => ({ specs: [], total: 0 }));
  for (const spec of byWeight) {
    const lightest = shares.reduce((least, share) => (share.total < least.total ? share : least));
    lightest.specs.push(spec);
    lightest.total += weight(spec);
  }
  return shares.map((share) => share.specs.sort());
}

/**
 * The Playwright runs to start: one per shard, each with its own port, data folder, report and
 * share of the specs.
 * @param {{ shards: number, port: number, dataDir: string, args: string[], specs: string[], seconds: Record<string, number> }} options
 * @returns {{ label: string, args: string[], env: Record<string, string> }[]}
 */
export function shardRuns({ shards, port, dataDir, args, specs, seconds }) {
  if (args.length > 0 || shards <= 1) return [{ label: "", args: ["test", "-c", config, ...args], env: {} }];
  return balanceSpecs(specs, seconds, shards).map((share, index) => {
    const shard = index + 1;
    return {
      label: `[${shard}/${shards}] `,
      args: ["test", "-c", config, ...share.map((spec) => `e2e/${spec}`)],
      env: { E2E_PORT: String(port + index), E2E_DATA_DIR: `${dataDir}-${shard}`, E2E_SHARD: String(shard) },
    };
  });
}

/**
 * One report of the shards' JSON reports: their suites and errors side by side, their counts added.
 * @param {any[]} reports
 */
export function mergeReports(reports) {
  const sum = (key) => reports.reduce((total, report) => total + (report.stats?.[key] ?? 0), 0);
  const starts = reports.map((report) => Date.parse(report.stats?.startTime ?? "")).filter(Number.isFinite);
  return {
    config: reports[0]?.config,
    suites: reports.flatMap((report) => report.suites ?? []),
    errors: reports.flatMap((report) => report.errors ?? []),
    stats: {
      startTime: starts.length ? new Date(Math.min(...starts)).toISOString() : undefined,
      duration: Math.max(0, ...reports.map((report) => report.stats?.duration ?? 0)),
      expected: sum("expected"),
      skipped: sum("skipped"),
      unexpected: sum("unexpected"),
      flaky: sum("flaky"),
    },
  };
}

/** Starts one run, its output lines prefixed with its shard; answers its exit code. */
function run({ label, args, env }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/@playwright/test/cli.js"), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: label ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (label) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = "";
        from.on("data", (chunk) => {
          const lines = (rest + String(chunk)).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) to.write(`${label}${line}\n`);
        });
        from.on("end", () => rest && to.write(`${label}${rest}\n`));
      }
    }
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const runs = shardRuns({
    shards: Number(process.env.E2E_SHARDS ?? 2),
    port: Number(process.env.E2E_PORT ?? 8099),
    dataDir: process.env.E2E_DATA_DIR ?? "e2e/.data",
    args: process.argv.slice(2),
    specs: readdirSync(path.join(root, "e2e")).filter((file) => file.endsWith(".spec.ts")),
    seconds: JSON.parse(readFileSync(path.join(root, "e2e/journey-seconds.json"), "utf8")),
  });
  const files = runs.map((shard) => path.join(root, `test-results/e2e-shard-${shard.env.E2E_SHARD}.json`));
  for (const file of files) rmSync(file, { force: true });
  const codes = await Promise.all(runs.map(run));
  if (runs.length > 1) {
    const missing = files.filter((file) => !existsSync(file));
    if (missing.length > 0) console.error(`No report from ${missing.map((file) => path.relative(root, file))}`);
    const reports = files.filter(existsSync).map((file) => JSON.parse(readFileSync(file, "utf8")));
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    writeFileSync(path.join(root, "test-results/e2e.json"), JSON.stringify(mergeReports(reports)));
    if (missing.length > 0) process.exit(1);
  }
  process.exit(Math.max(0, ...codes));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
