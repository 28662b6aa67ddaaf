/** What every part of `npm run bench` shares: the load's shape, its switches, and the server's hand-over. */

export type Engine = "sqlite" | "postgres";
/**
 * Connections the load opens (10). `BENCH_CONNECTIONS=1` sends one request at a time: the server's
 * CPU time per request then depends least on what else the machine runs (decision 0344).
 */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The server's PostgreSQL pool: the app's own size (10), or one per connection beyond it; never fewer. */
export const POOL_SIZE = Math.max(CONNECTIONS, 10);
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const WARM_UP_SECONDS = 1;
export const CLIENT_ID = "estaciona-web";
/** (g): 10,000 zones on a 100 × 100 grid 100 m apart, away from the demo cities, and a 1 km view of it. */
export const ZONE_GRID = { count: 10_000, origin: { lat: 40, lng: 10 } };
export const ZONE_VIEW = "west=10.045&south=40.045&east=10.055&north=40.055";
export const ONLY = process.env.BENCH_ONLY?.split(",");
export const PROFILE_DIR = process.env.BENCH_PROFILE;
/** BENCH_SCALE=<drivers>: the scale run on PostgreSQL (issue 16 item 9, decision 0337), e.g. 1000000; its data is kept in `bench_scale_<drivers>`. */
export const SCALE_DRIVERS = Number(process.env.BENCH_SCALE ?? 0);
/** BENCH_SCALE_DROP=1: drop the kept `bench_scale_<drivers>` schema and generate it again (decision 0337). */
export const SCALE_DROP = process.env.BENCH_SCALE_DROP === "1";
/** Due jobs each scale run's server writes for the queue's claim: more than its claims can take. */
export const SCALE_DUE_JOBS = 20_000;
/**
 * Each target is measured in ROUNDS slices, interleaved with the other targets, and the best slice
 * is reported: on a shared machine a neighbour's burst then hurts one slice, not one target.
 */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Refresh runs per engine (warm-up, then each round), each with one fresh token family per connection. */
export const REFRESH_RUNS = 1 + ROUNDS;

/** Parked vehicles for (e) and its floor (f): more visits than the runs of one engine can settle. */
export const PAY_POOL = Number(process.env.BENCH_PAY_POOL ?? 20_000);

/** What the server process hands the load generator once it listens. */
export interface Ready {
  port: number;
  /** The PostgreSQL schema the server works in (a second instance joins it). */
  schema?: string;
  accessToken: string;
  refreshTokens: string[];
  payerToken: string;
  quoteVisitId: string;
  payVisitIds: string[];
  /** The scale run's operator of the demo lot's organisation (the console's paths). */
  operatorToken?: string;
}

/** A statement the scale run captured, its plan, and whether it reads a table sequentially. */
export interface Plan {
  statement: string;
  plan: string;
  sequential: boolean;
  /** Whether an index serves it when the planner is told to avoid whole-table reads. */
  indexed: boolean;
}
