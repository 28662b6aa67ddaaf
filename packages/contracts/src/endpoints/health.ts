import { defineEndpoint, schemasOf } from "../endpoint.ts";

export const checkHealth = defineEndpoint({
  method: "GET",
  path: "/health",
  auth: "none",
  envelope: false,
  tag: "health",
  summary: "Liveness and database check: 200 `ok`, or 503 `unavailable` when the database does not answer",
  schemas: schemasOf(
    () => import("../schemas/health.ts"),
    (s) => ({ response: s.healthStatus }),
  ),
});
