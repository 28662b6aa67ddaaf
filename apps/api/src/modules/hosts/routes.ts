import * as endpoints from "@estaciona/contracts/endpoints/hosts";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { hostnameOf, publicHostConfig, resolveHost } from "./service.ts";

export const hostRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.getHost, async (request) => {
    const host = await resolveHost(app.db, request.headers.host);
    return publicHostConfig(host, hostnameOf(request.headers.host), app.config);
  });
};
