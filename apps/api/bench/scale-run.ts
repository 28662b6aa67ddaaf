import type autocannon from "autocannon";
import { load, type Measure, payOptions, startServer } from "./load.ts";
import { print, printTable } from "./report.ts";
import type { ScaleFigures } from "./scale.ts";
import { DURATION_SECONDS, type Plan, WARM_UP_SECONDS } from "./settings.ts";
import { PAY_TITLE } from "./single-instance.ts";

/**
 * Issue 16 item 9: the hot paths on an empty PostgreSQL schema (the demo data and the bench's
 * drivers), then again after `loadScaleData` has written SCALE_DRIVERS drivers with their vehicles,
 * visits, payments and jobs; then the plan of every statement those paths send.
 */
export async function measureScale(): Promise<void> {
  const server = await startServer("postgres");
  try {
    const base = `http://127.0.0.1:${server.ready.port}`;
    const unpaid = [...server.ready.payVisitIds];
    const targetsWith = (accessToken: string, payerToken: string): { title: string; options: autocannon.Options }[] => {
      const payer = { authorization: `Bearer ${payerToken}` };
      return [
        {
          title: "GET /api/user/view",
          options: { url: `${base}/api/user/view`, headers: { authorization: `Bearer ${accessToken}` } },
        },
        { title: "GET /api/user/visits", options: { url: `${base}/api/user/visits`, headers: payer } },
        {
          title: "GET /api/user/visit/{uuid}/quote",
          options: { url: `${base}/api/user/visit/${server.ready.quoteVisitId}/quote`, headers: payer },
        },
        { title: "GET /api/user/dashboard", options: { url: `${base}/api/user/dashboard`, headers: payer } },
        { title: PAY_TITLE, options: payOptions(base, payer, unpaid) },
      ];
    };
    let targets = targetsWith(server.ready.accessToken, server.ready.payerToken);
    const run = async (label: string, seconds = DURATION_SECONDS) => {
      const measures: Measure[] = [];
      for (const target of targets)
        measures.push(await load("postgres", server.cpuMicros, `${target.title} · ${label}`, target.options, seconds));
      return measures;
    };
    for (const target of targets) await load("postgres", server.cpuMicros, "warm-up", target.options, WARM_UP_SECONDS);
    const empty = await run("empty");
    const { figures, accessToken, payerToken } = await server.ask<{
      figures: ScaleFigures;
      accessToken: string;
      payerToken: string;
    }>("load-scale");
    targets = targetsWith(accessToken, payerToken);
    for (const target of targets) await load("postgres", server.cpuMicros, "warm-up", target.options, WARM_UP_SECONDS);
    const loaded = await run("loaded");
    await server.ask("capture");
    await run("plans", 1);
    const plans = await server.ask<Plan[]>("explain");

    printTable([...empty, ...loaded]);
    print(
      `Loaded in ${figures.seconds} s: ${figures.drivers} drivers, ${figures.vehicles} vehicles, ` +
        `${figures.visits} visits, ${figures.payments} payments, ${figures.jobs} jobs.`,
    );
    for (const [index, before] of empty.entries()) {
      const after = loaded[index];
      if (!after) continue;
      const ratio = after.p50 / Math.max(before.p50, 1);
      // A latency of failed answers says nothing about the path: no verdict then.
      const verdict =
        before.failures + after.failures > 0
          ? `no verdict: ${before.failures} + ${after.failures} failed answers`
          : `${ratio <= 2 ? "within" : "beyond"} 2× of empty`;
      print(
        `${before.target.replace(" · empty", "")}: p50 ${before.p50} → ${after.p50} ms, p99 ${before.p99} → ${after.p99} ms ` +
          `(${verdict})`,
      );
    }
    const sequential = plans.filter((plan) => plan.sequential);
    print(`\n${plans.length} distinct statements; ${sequential.length} read a table sequentially:`);
    for (const plan of sequential) print(`\n${plan.statement}\n${plan.plan}`);
  } finally {
    await server.stop();
  }
}
