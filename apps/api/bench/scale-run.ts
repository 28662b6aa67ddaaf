import type autocannon from "autocannon";
import { CLAIM_ROUTE } from "./claim-route.ts";
import { load, type Measure, payOptions, startServer } from "./load.ts";
import { print, printTable } from "./report.ts";
import { LOT, type ScaleFigures, scaleSchemaOf } from "./scale.ts";
import { DURATION_SECONDS, type Plan, type Ready, SCALE_DRIVERS, WARM_UP_SECONDS, ZONE_VIEW } from "./settings.ts";
import { PAY_TITLE } from "./single-instance.ts";

/**
 * Issue 16 item 9, issue 25 item 8: the hot paths on an empty PostgreSQL schema (the demo data and
 * the bench's drivers, dropped afterwards), then on the kept schema `bench_scale_<drivers>` holding
 * SCALE_DRIVERS generated drivers with their vehicles, visits, payments and jobs (scale.ts; a second
 * run reuses it); then the plan of every statement those paths sent (decision 0337).
 */
export async function measureScale(): Promise<void> {
  const empty = await measureServer(["serve", "postgres"], "empty");
  const loaded = await measureServer(["serve", "postgres", scaleSchemaOf(SCALE_DRIVERS)], "loaded");
  if (!loaded.figures) return;
  const { figures, plans } = loaded;

  printTable([...empty.measures, ...loaded.measures]);
  const generated = figures.reused
    ? `reused the kept schema ${scaleSchemaOf(SCALE_DRIVERS)}, counted in ${figures.seconds} s`
    : `generated in ${figures.seconds} s (${Object.entries(figures.secondsPerTable)
        .map(([table, seconds]) => `${table} ${seconds} s`)
        .join(", ")})`;
  print(
    `${SCALE_DRIVERS} drivers, ${generated}: ${Object.entries(figures.rows)
      .map(([table, rows]) => `${rows} ${table}`)
      .join(", ")}.`,
  );
  for (const [index, before] of empty.measures.entries()) {
    const after = loaded.measures[index];
    if (!after) continue;
    const ratio = after.p50 / Math.max(before.p50, 1);
    // A latency of failed answers says nothing about the path, and a slice that no request
    // finished has no latency at all (autocannon reports 0): no verdict, or beyond, then.
    const verdict =
      before.failures + after.failures > 0
        ? `no verdict: ${before.failures} + ${after.failures} failed answers`
        : before.requestsPerSecond === 0
          ? "no verdict: no request finished within the empty slice"
          : after.requestsPerSecond === 0
            ? "beyond 2× of empty: no request finished within the loaded slice"
            : `${ratio <= 2 ? "within" : "beyond"} 2× of empty`;
    print(
      `${before.target.replace(" · empty", "")}: p50 ${before.p50} → ${after.p50} ms, p99 ${before.p99} → ${after.p99} ms ` +
        `(${verdict})`,
    );
  }
  const sequential = plans.filter((plan) => plan.sequential);
  const unindexed = sequential.filter((plan) => !plan.indexed);
  print(
    `\n${plans.length} distinct statements; ${sequential.length} read a table sequentially, ` +
      `${unindexed.length} of them with no index that serves them:`,
  );
  for (const plan of unindexed) printPlan(plan);
  // Told to avoid whole-table reads, PostgreSQL serves these through an index: reading a table of a
  // few pages whole, or hashing one for a join over many rows, was its cheaper choice.
  print("\nRead whole by the planner's choice (an index serves each when it is told to avoid whole-table reads):");
  for (const plan of sequential.filter((each) => each.indexed))
    print(`- ${[...new Set(plan.plan.match(/Seq Scan on \w+/g))].join(", ")}: ${plan.statement.slice(0, 120)}…`);
  if (process.env.BENCH_SCALE_PLANS === "1") {
    print("\nEvery plan:");
    for (const plan of plans) printPlan(plan);
  }
}

/** A statement and its plan, each line cut short: a scope's list of ids would fill pages. */
function printPlan({ statement, plan }: Plan): void {
  const cut = (line: string) => (line.length > 300 ? `${line.slice(0, 300)}…` : line);
  print(`\n${cut(statement)}\n${plan.split("\n").map(cut).join("\n")}`);
}

/**
 * One server's measures: the empty one measures straight away; the loaded one first has its data
 * generated or found, then measures, then has every statement of the paths explained.
 */
async function measureServer(args: string[], label: "empty" | "loaded") {
  const server = await startServer("postgres", args);
  try {
    let tokens = server.ready;
    let figures: ScaleFigures | undefined;
    if (label === "loaded") {
      const prepared = await server.ask<
        { figures: ScaleFigures } & Pick<Ready, "accessToken" | "payerToken" | "operatorToken">
      >("load-scale");
      figures = prepared.figures;
      tokens = { ...server.ready, ...prepared };
    }
    const targets = await targetsOf(`http://127.0.0.1:${server.ready.port}`, server.ready, tokens);
    // Each target is warmed up right before it is measured, not all of them first: a slow path's
    // requests still running after its slice (the revenue's took seconds) then hold the pool during
    // the next target's warm-up, not during its measure (docs/decisions/0337, 0346).
    const run = async (name: string, seconds = DURATION_SECONDS) => {
      const measures: Measure[] = [];
      for (const target of targets) {
        await load("postgres", server.cpuMicros, "warm-up", target.options, WARM_UP_SECONDS);
        measures.push(await load("postgres", server.cpuMicros, `${target.title} · ${name}`, target.options, seconds));
      }
      return measures;
    };
    const measures = await run(label);
    let plans: Plan[] = [];
    if (label === "loaded") {
      await server.ask("capture");
      await run("plans", 1);
      plans = await server.ask<Plan[]>("explain");
    }
    return { measures, figures, plans };
  } finally {
    await server.stop();
  }
}

/** The hot paths, as the app and the console send them. */
async function targetsOf(
  base: string,
  ready: Ready,
  tokens: Pick<Ready, "accessToken" | "payerToken" | "operatorToken">,
): Promise<{ title: string; options: autocannon.Options }[]> {
  const payer = { authorization: `Bearer ${tokens.payerToken}` };
  const operator = { authorization: `Bearer ${tokens.operatorToken}` };
  // The second page of the payer's visits starts where the first page's answer says (keyset).
  const firstPage = await fetch(`${base}/api/user/visits`, { headers: payer });
  const { next_pages } = ((await firstPage.json()) as { data: { next_pages: string[] } }).data;
  const secondPage = `${base}/api/user/visits?page=2&after=${encodeURIComponent(next_pages[0] ?? "")}`;
  // The console's payments search: the last 30 days at the demo lot, succeeded, one plate typed in.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const search = new URLSearchParams({
    from: day(30),
    to: day(0),
    location_uuid: LOT,
    status: "succeeded",
    plate: "S12345",
  });
  return [
    {
      title: "GET /api/user/view",
      options: { url: `${base}/api/user/view`, headers: { authorization: `Bearer ${tokens.accessToken}` } },
    },
    { title: "GET /api/user/visits", options: { url: `${base}/api/user/visits`, headers: payer } },
    { title: "GET /api/user/visits (page 2, keyset)", options: { url: secondPage, headers: payer } },
    {
      title: "GET /api/user/visit/{uuid}/quote",
      options: { url: `${base}/api/user/visit/${ready.quoteVisitId}/quote`, headers: payer },
    },
    { title: "GET /api/user/dashboard", options: { url: `${base}/api/user/dashboard`, headers: payer } },
    { title: "GET /api/open/home", options: { url: `${base}/api/open/home`, headers: payer } },
    { title: PAY_TITLE, options: payOptions(base, payer, [...ready.payVisitIds]) },
    {
      title: "GET /api/admin/payments (search)",
      options: { url: `${base}/api/admin/payments?${search}`, headers: operator },
    },
    {
      title: "GET /api/admin/today (revenue, 7 days)",
      options: { url: `${base}/api/admin/today?days=7`, headers: operator },
    },
    { title: "POST job claim (queue's runner)", options: { url: `${base}${CLAIM_ROUTE}`, method: "POST" } },
    { title: "GET /api/open/meters (1 km of 10,000 zones)", options: { url: `${base}/api/open/meters?${ZONE_VIEW}` } },
  ];
}
