import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";

/**
 * `degraded`: ready, but Redis is unreachable — the API keeps serving (limits fall back per
 * instance), so the load balancer must not pull every instance at once for it (decision 0040).
 */
const readiness = z.object({
  status: z.enum(["ready", "degraded", "draining", "unavailable"]),
  database: z.enum(["ok", "unreachable"]),
  redis: z.enum(["ok", "unreachable", "not_configured"]),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const databaseAnswers = async () => {
    try {
      await sql`select 1`.execute(app.db);
      return true;
    } catch (error) {
      app.log.error({ err: error }, "database unreachable");
      return false;
    }
  };

  app.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness and database check",
        response: {
          200: z.object({ status: z.literal("ok"), database: z.enum(["sqlite", "postgres"]) }),
          503: z.object({ status: z.literal("unavailable"), database: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      if (await databaseAnswers()) return { status: "ok" as const, database: app.dbEngine };
      return reply.code(503).send({ status: "unavailable" as const, database: app.dbEngine });
    },
  );

  app.get(
    "/ready",
    {
      schema: {
        tags: ["health"],
        summary: "Readiness for the load balancer: database reachable (Redis reported), not draining",
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const database = (await databaseAnswers()) ? "ok" : "unreachable";
      const redis = !app.redis
        ? "not_configured"
        : await app.redis.ping().then(
            () => "ok" as const,
            () => "unreachable" as const,
          );
      const status = app.draining
        ? "draining"
        : database !== "ok"
          ? "unavailable"
          : redis === "unreachable"
            ? "degraded"
            : "ready";
      const serving = status === "ready" || status === "degraded";
      return reply.code(serving ? 200 : 503).send({ status, database, redis });
    },
  );
};
