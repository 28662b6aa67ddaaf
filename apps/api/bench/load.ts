/** The load generator's side of `npm run bench`: start a server process, drive it, read its CPU time. */
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import autocannon from "autocannon";
import { CONNECTIONS, DURATION_SECONDS, type Engine, PROFILE_DIR, type Ready } from "./settings.ts";

export interface Measure {
  engine: Engine;
  target: string;
  requestsPerSecond: number;
  /** Requests answered per second of the server process's CPU time (user + system). */
  requestsPerCpuSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** autocannon keeps one context per connection: here, the connection's current refresh token. */
export interface TokenContext {
  token?: string;
}
/** The part of autocannon's per-connection request iterator used here (not in its types). */
export interface ConnectionRequests {
  context: TokenContext;
  requests: autocannon.Request[];
  resetContext: () => void;
  setRequests: (requests: autocannon.Request[]) => void;
}

export async function startServer(engine: Engine, args: string[] = ["serve", engine]) {
  const child = fork(path.join(import.meta.dirname, "server.ts"), args, {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    execArgv: [...process.execArgv, ...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [])],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("message", (message) => resolve(message as Ready));
    child.once("exit", (code) => reject(new Error(`bench server (${engine}) exited with ${code}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.send("stop");
    });
  /** The server process's CPU time so far, in microseconds. */
  const cpuMicros = () =>
    new Promise<number>((resolve) => {
      child.once("message", (message) => {
        const { cpu } = message as { cpu: NodeJS.CpuUsage };
        resolve(cpu.user + cpu.system);
      });
      child.send("cpu");
    });
  const ask = <Answer>(message: unknown) =>
    new Promise<Answer>((resolve) => {
      child.once("message", (reply) => resolve((reply as { answer: Answer }).answer));
      child.send(message as string);
    });
  return { ready, stop, cpuMicros, ask };
}

/** One server's share of a measure: the load aimed at it and how to read its CPU time. */
export interface Aim {
  options: autocannon.Options;
  cpuMicros: () => Promise<number>;
}

/**
 * Drives CONNECTIONS connections, split evenly between the servers aimed at, and sums what they
 * answered; the latency percentiles are the worse server's (autocannon keeps no shared histogram).
 */
export async function loadSpread(
  engine: Engine,
  target: string,
  aims: Aim[],
  seconds = DURATION_SECONDS,
): Promise<Measure> {
  const cpuMicros = async () => (await Promise.all(aims.map((aim) => aim.cpuMicros()))).reduce((a, b) => a + b, 0);
  const cpuBefore = await cpuMicros();
  const results = await Promise.all(
    aims.map((aim) => autocannon({ ...aim.options, connections: CONNECTIONS / aims.length, duration: seconds })),
  );
  const cpuSeconds = ((await cpuMicros()) - cpuBefore) / 1e6;
  const sum = (figure: (result: autocannon.Result) => number) => results.reduce((total, r) => total + figure(r), 0);
  return {
    engine,
    target,
    requestsPerSecond: sum((result) => result.requests.average),
    requestsPerCpuSecond: sum((result) => result.requests.total) / cpuSeconds,
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failures: sum((result) => result.non2xx + result.errors + result.timeouts),
  };
}

export const load = (
  engine: Engine,
  cpuMicros: () => Promise<number>,
  target: string,
  options: autocannon.Options,
  seconds = DURATION_SECONDS,
): Promise<Measure> => loadSpread(engine, target, [{ options, cpuMicros }], seconds);

/** Every pay settles the next parked visit of the pool, with a key of its own (one payment per attempt). */
export function payOptions(base: string, headers: Record<string, string>, unpaid: string[]): autocannon.Options {
  return {
    url: base,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => ({
          ...request,
          path: `/api/user/visit/${unpaid.pop() ?? "pool-exhausted"}/pay`,
          headers: { ...headers, "content-type": "application/json", "idempotency-key": randomUUID() },
          body: "{}",
        }),
      },
    ],
  };
}
