import * as endpoints from "@estaciona/contracts/endpoints/home";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { resolveHost } from "../hosts/service.ts";
import { getHomeOffers, listHostEvents } from "./service.ts";

export const homeRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.getHomeOffers, async (request) =>
    getHomeOffers(app.db, await resolveHost(app.db, request.headers.host), request.query),
  );
  await route(app, endpoints.listHostEvents, async (request) =>
    listHostEvents(app.db, await resolveHost(app.db, request.headers.host)),
  );
};
