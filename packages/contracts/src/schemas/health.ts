import { z } from "zod";

/** `GET health`: 200 `ok` while the database answers, 503 `unavailable` when it does not. */
export const healthStatus = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["sqlite", "postgres"]),
});
export type HealthStatus = z.infer<typeof healthStatus>;
