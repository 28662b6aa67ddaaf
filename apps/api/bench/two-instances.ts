import { type Aim, loadSpread, type Measure, payOptions, startServer } from "./load.ts";
import { WARM_UP_SECONDS } from "./settings.ts";
import { PAY_TITLE } from "./single-instance.ts";

/**
 * Issue 16 item 7: user/view, quote and pay against one API instance, then against two on the
 * same PostgreSQL (the load split between them), each target in turn. On a 2-core machine both
 * instances, PostgreSQL and the load generator share the cores: the ratio shows what a second
 * process costs or gains here, not on a machine per instance.
 */
export async function measureTwoInstances(): Promise<Measure[]> {
  const first = await startServer("postgres");
  const second = await startServer("postgres", ["serve-second", first.ready.schema ?? ""]);
  try {
    const headersOf = (token: string) => ({ authorization: `Bearer ${token}` });
    const unpaid = [...first.ready.payVisitIds];
    const targetsOf = (port: number) => {
      const base = `http://127.0.0.1:${port}`;
      return [
        {
          title: "GET /api/user/view",
          options: { url: `${base}/api/user/view`, headers: headersOf(first.ready.accessToken) },
        },
        {
          title: "GET /api/user/visit/{uuid}/quote",
          options: {
            url: `${base}/api/user/visit/${first.ready.quoteVisitId}/quote`,
            headers: headersOf(first.ready.payerToken),
          },
        },
        {
          title: PAY_TITLE,
          options: payOptions(base, headersOf(first.ready.payerToken), unpaid),
        },
      ];
    };
    const onFirst = targetsOf(first.ready.port);
    const onSecond = targetsOf(second.ready.port);
    const measures: Measure[] = [];
    for (const [index, target] of onFirst.entries()) {
      const other = onSecond[index];
      if (!other) continue;
      const one: Aim[] = [{ options: target.options, cpuMicros: first.cpuMicros }];
      const two: Aim[] = [...one, { options: other.options, cpuMicros: second.cpuMicros }];
      await loadSpread("postgres", "warm-up", two, WARM_UP_SECONDS);
      measures.push(await loadSpread("postgres", `${target.title} · one instance`, one));
      measures.push(await loadSpread("postgres", `${target.title} · two instances`, two));
    }
    return measures;
  } finally {
    await second.stop();
    await first.stop();
  }
}
