import { hostConfig } from "@estaciona/contracts/schemas/host";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { hostnameOf, publicHostConfig, resolveHost } from "./service.ts";

export const hostRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/open/host",
    {
      schema: {
        tags: ["hosts"],
        summary: "The requesting host's public configuration (theme, country, login text, map options, client id)",
        response: { 200: z.object({ data: hostConfig }) },
      },
    },
    async (request) => {
      const host = await resolveHost(app.db, request.headers.host);
      return { data: publicHostConfig(host, hostnameOf(request.headers.host), app.config) };
    },
  );
};
