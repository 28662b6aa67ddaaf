import * as endpoints from "@estaciona/contracts/endpoints/health";
import type { HealthStatus } from "@estaciona/contracts/schemas/health";
import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import { route } from "../../plugins/endpoints.ts";

/** `GET health` for load balancers and uptime checks: 503 while the database does not answer. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.checkHealth, async (_request, reply): Promise<HealthStatus> => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: "ok", database: app.dbEngine };
    } catch (error) {
      app.log.error({ err: error }, "health check: database unreachable");
      reply.code(503);
      return { status: "unavailable", database: app.dbEngine };
    }
  });
};
