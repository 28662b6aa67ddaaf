import * as endpoints from "@estaciona/contracts/endpoints/health";
import type { HealthStatus, Readiness } from "@estaciona/contracts/schemas/health";
import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import { type RouteOptions, route } from "../../plugins/endpoints.ts";

const UNCAPPED: RouteOptions = { rateLimit: false };

/**
 * `GET health` (liveness, database) and `GET ready` (readiness) for load balancers and uptime
 * checks; outside the per-IP request cap, since every probe of a balancer comes from its one address.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const databaseAnswers = async () => {
    try {
      await sql`select 1`.execute(app.db);
      return true;
    } catch (error) {
      app.log.error({ err: error }, "database unreachable");
      return false;
    }
  };

  await route(
    app,
    endpoints.checkHealth,
    async (_request, reply): Promise<HealthStatus> => {
      if (await databaseAnswers()) return { status: "ok", database: app.dbEngine };
      reply.code(503);
      return { status: "unavailable", database: app.dbEngine };
    },
    UNCAPPED,
  );

  await route(
    app,
    endpoints.checkReadiness,
    async (_request, reply): Promise<Readiness> => {
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
      if (status === "draining" || status === "unavailable") reply.code(503);
      return { status, database, redis };
    },
    UNCAPPED,
  );
};
