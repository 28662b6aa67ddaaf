/** The single-instance targets of `npm run bench`, each measured in interleaved slices on one engine. */
import type autocannon from "autocannon";
import { type ConnectionRequests, load, type Measure, payOptions, startServer, type TokenContext } from "./load.ts";
import { BARE_VIEW_ROUTE, LOCKED_TRANSACTION_ROUTE, PAY_FLOOR_ROUTE } from "./reference-routes.ts";
import {
  CLIENT_ID,
  CONNECTIONS,
  DURATION_SECONDS,
  type Engine,
  ONLY,
  ROUNDS,
  WARM_UP_SECONDS,
  ZONE_VIEW,
} from "./settings.ts";

export const PAY_TITLE = "POST /api/user/visit/{uuid}/pay (charge)";
export const FLOOR_TITLE = "the pay path's floor (the ledger's minimum, bare)";
export const LOCKED_TITLE = "bare locked read-and-update transaction";

export async function measureEngine(engine: Engine): Promise<Measure[]> {
  const { ready, stop, cpuMicros } = await startServer(engine);
  const measure = (target: string, options: autocannon.Options, seconds?: number) =>
    load(engine, cpuMicros, target, options, seconds);
  const base = `http://127.0.0.1:${ready.port}`;
  try {
    const view: autocannon.Options = {
      url: `${base}/api/user/view`,
      headers: { authorization: `Bearer ${ready.accessToken}` },
    };
    const bare: autocannon.Options = { url: `${base}${BARE_VIEW_ROUTE}` };

    // Each connection takes a family and chains it: the answer's refresh token is the next request's.
    // A run ends with requests in flight whose answers are never read, so every run (warm-up and
    // measure) gets families of its own rather than the last tokens of the previous run.
    const families = [...ready.refreshTokens];
    const refresh = (): autocannon.Options => {
      const unclaimed = families.splice(0, CONNECTIONS);
      return {
        url: base,
        // autocannon shares one `requests` array between connections and starts every round of it
        // with a fresh context; a chained token must belong to one connection and outlive the round,
        // so each connection gets its own copy of the requests and keeps the context it starts with.
        setupClient: (client) => {
          const iterator = (client as unknown as { requestIterator: ConnectionRequests }).requestIterator;
          const context = iterator.context;
          iterator.resetContext = () => {
            iterator.context = context;
          };
          iterator.setRequests(iterator.requests.map((request) => ({ ...request })));
        },
        requests: [
          {
            method: "POST",
            path: "/api/oauth/v2/token",
            headers: { "content-type": "application/json" },
            setupRequest: (request, rawContext) => {
              const context = rawContext as TokenContext;
              context.token ??= unclaimed.pop();
              return {
                ...request,
                body: JSON.stringify({
                  grant_type: "refresh_token",
                  client_id: CLIENT_ID,
                  refresh_token: context.token,
                }),
              };
            },
            onResponse: (status, body, rawContext) => {
              const context = rawContext as TokenContext;
              if (status === 200) context.token = (JSON.parse(body) as { refresh_token: string }).refresh_token;
            },
          },
        ],
      };
    };

    const payerHeaders = { authorization: `Bearer ${ready.payerToken}` };
    const quote: autocannon.Options = {
      url: `${base}/api/user/visit/${ready.quoteVisitId}/quote`,
      headers: payerHeaders,
    };
    const payPool = [...ready.payVisitIds];
    const pay = payOptions(base, payerHeaders, payPool);

    // The references of (e), on the same pool of parked stays. The floor pays stays as (e) does, so
    // it takes them from the pool's start while the pay runs take them from its end, and no stay
    // is paid twice; the locked transaction only touches a stay, so it goes round the whole pool.
    const reference = (route: string, next: () => string | undefined): autocannon.Options => ({
      url: base,
      requests: [
        { method: "POST", setupRequest: (request) => ({ ...request, path: `${route}/${next() ?? "pool-exhausted"}` }) },
      ],
    });
    let touched = 0;
    const touchNext = () => ready.payVisitIds[touched++ % ready.payVisitIds.length];

    const zones: autocannon.Options = { url: `${base}/api/open/meters?${ZONE_VIEW}` };

    const targets: { key: string; title: string; options: () => autocannon.Options }[] = [
      { key: "view", title: "GET /api/user/view", options: () => view },
      { key: "bare", title: "bare route, same queries", options: () => bare },
      { key: "refresh", title: "POST /api/oauth/v2/token (refresh)", options: refresh },
      { key: "quote", title: "GET /api/user/visit/{uuid}/quote", options: () => quote },
      { key: "pay", title: PAY_TITLE, options: () => pay },
      { key: "floor", title: FLOOR_TITLE, options: () => reference(PAY_FLOOR_ROUTE, () => payPool.shift()) },
      { key: "locked", title: LOCKED_TITLE, options: () => reference(LOCKED_TRANSACTION_ROUTE, touchNext) },
      { key: "zones", title: "GET /api/open/meters (1 km of 10,000 zones)", options: () => zones },
    ];
    const chosen = targets.filter((target) => !ONLY || ONLY.includes(target.key));
    for (const target of chosen) await measure("warm-up", target.options(), WARM_UP_SECONDS);
    const slices: Measure[] = [];
    const slice = DURATION_SECONDS / ROUNDS;
    for (let round = 0; round < ROUNDS; round++)
      for (const target of chosen) slices.push(await measure(target.title, target.options(), slice));
    // The best slice of each target, by each figure.
    const best = (target: string): Measure => {
      const ofTarget = slices.filter((measure) => measure.target === target);
      const fastest = ofTarget.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
      return { ...fastest, requestsPerCpuSecond: Math.max(...ofTarget.map((m) => m.requestsPerCpuSecond)) };
    };
    return [...new Set(slices.map((measure) => measure.target))].map(best);
  } finally {
    await stop();
  }
}
