import { defineEndpoint, schemasOf } from "../endpoint.ts";

const health = () => import("../schemas/health.ts");

export const checkHealth = defineEndpoint({
  method: "GET",
  path: "/health",
  auth: "none",
  envelope: false,
  tag: "health",
  summary: "Liveness and database check: 200 `ok`, or 503 `unavailable` when the database does not answer",
  schemas: schemasOf(health, (s) => ({ response: s.healthStatus })),
});

export const checkReadiness = defineEndpoint({
  method: "GET",
  path: "/ready",
  auth: "none",
  envelope: false,
  tag: "health",
  summary: "Readiness for the load balancer: database reachable (Redis reported), not draining; 503 otherwise",
  schemas: schemasOf(health, (s) => ({ response: s.readiness })),
});
