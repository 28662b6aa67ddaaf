import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import type pg from "pg";

/**
 * The cluster test's harness (run.ts): its database and Redis, the four members (two API
 * instances, two workers) started and killed as processes, calls to an instance that notice a
 * killed one, and the checks it prints.
 */

export const root = path.resolve(import.meta.dirname, "../../..");
export const baseUrl =
  process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const redisUrl = process.env.CLUSTER_REDIS_URL ?? "redis://127.0.0.1:6379/7";
export const SIGN_IN_IP_CAP = 30;
export const database = `estaciona_cluster_${randomBytes(4).toString("hex")}`;
export const databaseUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();

const common = {
  NODE_ENV: "test",
  APP_SECRET: "cluster-secret-cluster-secret-cluster!",
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  MIGRATE_AT_START: "false",
  SEED_DEMO: "true",
  TRUST_PROXY: "1",
  LOG_LEVEL: "error",
  WEB_DIST_DIR: "/nonexistent",
  SIGN_IN_IP_MAX_PER_HOUR: String(SIGN_IN_IP_CAP),
  API_IP_MAX_PER_MINUTE: "1000000",
  CARD_ADD_MAX_PER_USER_PER_DAY: "1000",
  CARD_ADD_MAX_PER_IP_PER_HOUR: "1000000",
};

export interface Member {
  name: string;
  env: Record<string, string>;
  child?: ChildProcess;
  /** Where it answers: an API port or a worker's metrics port. */
  probe: string;
}

export const members: Member[] = [
  { name: "api-a", env: { PROCESS_ROLE: "api", PORT: "8301" }, probe: "http://127.0.0.1:8301/api/health" },
  { name: "api-b", env: { PROCESS_ROLE: "api", PORT: "8302" }, probe: "http://127.0.0.1:8302/api/health" },
  { name: "worker-1", env: { PROCESS_ROLE: "worker", METRICS_PORT: "9311" }, probe: "http://127.0.0.1:9311/metrics" },
  { name: "worker-2", env: { PROCESS_ROLE: "worker", METRICS_PORT: "9312" }, probe: "http://127.0.0.1:9312/metrics" },
];
export const [apiA, apiB, worker1] = members as [Member, Member, Member, Member];
export const apiUrl = (member: Member) => `http://127.0.0.1:${member.env.PORT}`;

export const results: { name: string; ok: boolean; detail: string }[] = [];
export function check(name: string, ok: boolean, detail: string) {
  results.push({ name, ok, detail });
  console.info(`${ok ? "✓" : "✗"} ${name}: ${detail}`);
}

export function runNode(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--enable-source-maps", script], {
    cwd: root,
    env: { ...process.env, ...common, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

export async function waitFor(url: string, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function start(member: Member) {
  member.child = runNode("apps/api/dist/server.mjs", member.env);
  await waitFor(member.probe);
}

export function kill(member: Member) {
  member.child?.kill("SIGKILL");
  member.child = undefined;
}

export interface Answer {
  status: number;
  body: unknown;
  /** The connection failed: the instance was killed under the request. */
  lost: boolean;
}

export async function call(
  member: Member,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; ip?: string; key?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  if (options.key) headers["idempotency-key"] = options.key;
  try {
    const response = await fetch(`${apiUrl(member)}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, lost: false };
  } catch {
    lost.connections += 1;
    return { status: 0, body: null, lost: true };
  }
}

/** Requests whose connection died: the kills were felt mid-flight. */
export const lost = { connections: 0 };

/** Answers from a live instance that were 5xx (a killed one's lost connections are not answers). */
export const serverErrors: string[] = [];
export function record(label: string, answer: Answer) {
  if (answer.status >= 500) serverErrors.push(`${label}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

const UTC_NOW = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Waits (at most two minutes) until no payment is pending and no due job is queued or running. */
export async function checkSettled(db: pg.Client, name: string) {
  const deadline = Date.now() + 120_000;
  let open = -1;
  while (Date.now() < deadline) {
    const pending = await db.query(
      `select (select count(*) from payments where status in ('pending')) + (select count(*) from jobs where status in ('queued', 'running') and run_at <= ${UTC_NOW}) as open`,
    );
    open = Number(pending.rows[0].open);
    if (open === 0) break;
    await sleep(1000);
  }
  const stuck = await db.query(
    `select 'payment' as what, id, purpose as kind, status from payments where status = 'pending' union all select 'job', id, kind, status from jobs where status in ('queued', 'running') and run_at <= ${UTC_NOW}`,
  );
  check(name, open === 0, `${open} still open after the wait ${JSON.stringify(stuck.rows.slice(0, 4))}`);
}
