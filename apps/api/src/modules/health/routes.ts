import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
      try {
        await sql`select 1`.execute(app.db);
        return { status: "ok" as const, database: app.dbEngine };
      } catch (error) {
        app.log.error({ err: error }, "health check: database unreachable");
        return reply.code(503).send({ status: "unavailable" as const, database: app.dbEngine });
      }
    },
  );
};
