import { z } from "zod";

/** `GET health`: 200 `ok` while the database answers, 503 `unavailable` when it does not. */
export const healthStatus = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["sqlite", "postgres"]),
});
export type HealthStatus = z.infer<typeof healthStatus>;

/**
 * `GET ready`, for the load balancer: 200 `ready`, or `degraded` when Redis is unreachable — the
 * API keeps serving (limits fall back per instance), so the load balancer must not pull every
 * instance at once for it (decision 0040); 503 `draining` or `unavailable`.
 */
export const readiness = z.object({
  status: z.enum(["ready", "degraded", "draining", "unavailable"]),
  database: z.enum(["ok", "unreachable"]),
  redis: z.enum(["ok", "unreachable", "not_configured"]),
});
export type Readiness = z.infer<typeof readiness>;
