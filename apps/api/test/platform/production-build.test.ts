import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/database.ts";
import { prepareDatabase } from "../../src/db/prepare.ts";
import { newId } from "../../src/lib/ids.ts";
import { enqueue } from "../../src/modules/jobs/queue.ts";
import { JOB_VISIT_RECEIPT } from "../../src/modules/parking/visits/settlement.ts";
import { testEngine } from "../support/helpers.ts";

/**
 * Issue 16 item 1, as an operator meets it: `npm run build`'s API bundle starts with plain `node`
 * (no tsx, no compiler), PROCESS_ROLE decides what the process does, and a setting or a schema the
 * operator must fix stops start-up with one message naming it (docs/decisions/0040). One engine
 * suffices (the bundle is the same); SQLite, so the processes share a file the test can read.
 */

const root = path.resolve(import.meta.dirname, "../../../..");
/**
 * The test's own bundle, beside the usual one so that it resolves the same node_modules: the usual
 * apps/api/dist is what the cluster and the runtime stage run while this suite does (.ci/run).
 */
const bundleDir = path.join(root, `apps/api/.dist-test-${process.pid}`);
const server = path.join(bundleDir, "server.mjs");

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * The bundle under plain node: no loader, no NODE_OPTIONS a test runner may have set, and no
 * database or Redis of the surrounding shell (the processes share the test's SQLite file).
 */
function startBundle(env: Record<string, string>): ChildProcess & { output: () => string } {
  const { NODE_OPTIONS: _options, DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [server], { env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  return Object.assign(child, { output: () => output });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

async function answers(url: string): Promise<number | "refused"> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return "refused";
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds = 45): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

describe.runIf(testEngine === "sqlite")("the production build under plain node", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "estaciona-bundle-"));
  const file = path.join(dataDir, "estaciona.sqlite");
  const running: ChildProcess[] = [];
  const base = {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    WEB_DIST_DIR: "/nonexistent",
    MIGRATE_AT_START: "false",
  };

  beforeAll(() => {
    execFileSync(process.execPath, [path.join(root, "scripts/build-api.mjs"), "--outdir", bundleDir], {
      cwd: root,
      stdio: "ignore",
    });
  }, 60_000);
  afterAll(async () => {
    for (const child of running) child.kill("SIGKILL");
    await Promise.all(running.map(exited));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  });

  const jobStatus = async (id: string) => {
    const database = openDatabase({ engine: "sqlite", file });
    try {
      const job = await database.db.selectFrom("jobs").select("status").where("id", "=", id).executeTakeFirstOrThrow();
      return job.status;
    } finally {
      await database.close();
    }
  };

  it("refuses to serve a schema older than the code, naming the migrations and the way out", async () => {
    const child = startBundle({ ...base, PORT: String(await freePort()), PROCESS_ROLE: "api" });
    expect(await exited(child)).toBe(1);
    expect(child.output()).toMatch(/missing \d+ migration\(s\) \(2026112101_foundation, .*npm run migrate/);
    expect(child.output()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it("runs `api` with no jobs and `worker` with jobs and no public port", async () => {
    const database = openDatabase({ engine: "sqlite", file });
    let jobId = "";
    try {
      await prepareDatabase(database, { seedDemo: false });
      // A receipt for a stay that does not exist: the handler finds nothing to send and succeeds.
      jobId = (await enqueue(database.db, JOB_VISIT_RECEIPT, { visitId: newId() })) ?? "";
    } finally {
      await database.close();
    }

    const [apiPort, apiMetrics] = [await freePort(), await freePort()];
    const api = startBundle({ ...base, PROCESS_ROLE: "api", PORT: String(apiPort), METRICS_PORT: String(apiMetrics) });
    running.push(api);
    expect(
      await until(
        () => answers(`http://127.0.0.1:${apiPort}/api/health`),
        (s) => s === 200,
      ),
    ).toBe(200);
    expect(await answers(`http://127.0.0.1:${apiMetrics}/metrics`)).toBe(200);
    // Several of the worker's poll intervals (1 s): an API instance leaves the due job alone.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await jobStatus(jobId)).toBe("queued");
    api.kill("SIGTERM");
    expect(await exited(api)).toBe(0);

    const [workerPort, workerMetrics] = [await freePort(), await freePort()];
    const worker = startBundle({
      ...base,
      PROCESS_ROLE: "worker",
      PORT: String(workerPort),
      METRICS_PORT: String(workerMetrics),
    });
    running.push(worker);
    expect(
      await until(
        () => answers(`http://127.0.0.1:${workerMetrics}/metrics`),
        (s) => s === 200,
      ),
    ).toBe(200);
    expect(
      await until(
        () => jobStatus(jobId),
        (status) => status === "succeeded",
      ),
    ).toBe("succeeded");
    expect(await answers(`http://127.0.0.1:${workerPort}/api/health`)).toBe("refused");
    worker.kill("SIGTERM");
    expect(await exited(worker)).toBe(0);
    expect(api.output() + worker.output()).not.toMatch(/"level":(50|60)/);
  }, 120_000);

  it.each([
    [{}, "APP_SECRET: required in production"],
    [{ APP_SECRET: "s".repeat(40) }, "SMS_PROVIDER: the sandbox returns codes to the caller; not in production"],
    [
      { APP_SECRET: "s".repeat(40), TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+15005550006" },
      "EMAIL_PROVIDER: the sandbox keeps e-mails in an outbox nobody reads",
    ],
  ])(
    "in production refuses a missing secret or a sandbox provider at start (%o)",
    async (env, message) => {
      const child = startBundle({ ...base, NODE_ENV: "production", PORT: String(await freePort()), ...env });
      expect(await exited(child)).toBe(1);
      expect(child.output()).toContain(message);
      expect(child.output()).not.toMatch(/\n\s+at /);
    },
    60_000,
  );
});
