/** The bench's report: one table of every measure, then each path against its reference. */
import { availableParallelism, loadavg } from "node:os";
import type { Measure } from "./load.ts";
import { CONNECTIONS, DURATION_SECONDS, ROUNDS } from "./settings.ts";
import { FLOOR_TITLE, LOCKED_TITLE, PAY_TITLE } from "./single-instance.ts";

/** The report goes to stdout; the server's own log stays on stderr. */
export const print = (text = "") => process.stdout.write(`${text}\n`);

export function printTable(measures: Measure[]): void {
  const rows = measures.map((m) => [
    m.engine,
    m.target,
    m.requestsPerSecond.toFixed(0),
    m.requestsPerCpuSecond.toFixed(0),
    `${m.p50} ms`,
    `${m.p99} ms`,
    String(m.failures),
  ]);
  const header = ["engine", "target", "requests/s", "per server CPU-s", "p50", "p99", "non-2xx/errors"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ");
  const [load1] = loadavg();
  print(
    `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s per target in ${ROUNDS} interleaved slices (best slice shown); ` +
      `load average at the end ${load1?.toFixed(1)} on ${availableParallelism()} CPUs\n`,
  );
  print(line(header));
  print(widths.map((width) => "-".repeat(width)).join("-|-"));
  for (const row of rows) print(line(row));
  print();
  for (const engine of new Set(measures.map((m) => m.engine))) {
    const of = (title: string) => measures.find((m) => m.engine === engine && m.target === title);
    const share = (part: Measure, whole: Measure) => ({
      clock: (100 * part.requestsPerSecond) / whole.requestsPerSecond,
      cpu: (100 * part.requestsPerCpuSecond) / whole.requestsPerCpuSecond,
    });
    const view = of("GET /api/user/view");
    const bare = of("bare route, same queries");
    if (view && bare) {
      const { clock, cpu } = share(view, bare);
      const verdict = clock >= 80 && view.p99 < 10 ? "meets" : "misses";
      print(
        `${engine}: user/view at ${clock.toFixed(0)} % of the bare route, p99 ${view.p99} ms ` +
          `(${verdict} the target: ≥ 80 %, p99 < 10 ms); ${cpu.toFixed(0)} % by the server's CPU time per request`,
      );
    }
    for (const one of measures.filter((m) => m.engine === engine && m.target.endsWith(" · one instance"))) {
      const title = one.target.replace(" · one instance", "");
      const two = of(`${title} · two instances`);
      if (two)
        print(
          `${engine}: ${title} on two instances at ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)}× ` +
            `one instance's requests/s (p99 ${one.p99} → ${two.p99} ms)`,
        );
    }
    const pay = of(PAY_TITLE);
    const floor = of(FLOOR_TITLE);
    if (pay && floor) {
      const { clock, cpu } = share(pay, floor);
      print(
        `${engine}: pay at ${clock.toFixed(0)} % of its floor, the ledger's minimum run bare ` +
          `(${clock >= 70 ? "meets" : "misses"} the target: ≥ 70 %); ${cpu.toFixed(0)} % by the server's CPU time per request`,
      );
    }
    const locked = of(LOCKED_TITLE);
    if (pay && locked) {
      const { clock, cpu } = share(pay, locked);
      print(
        `${engine}: pay at ${clock.toFixed(0)} % of a bare locked read-and-update transaction; ` +
          `${cpu.toFixed(0)} % by the server's CPU time per request`,
      );
    }
  }
}
