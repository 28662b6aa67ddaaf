import * as endpoints from "@estaciona/contracts/endpoints/home";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { resolveHost } from "../hosts/service.ts";
import { listYourPlaces, starPlace, unstarPlace } from "./places.ts";
import { getHomeOffers, listHostEvents } from "./service.ts";

export const homeRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.getHomeOffers, async (request) =>
    getHomeOffers(app.db, await resolveHost(app.db, request.headers.host), request.query),
  );
  await route(app, endpoints.listHostEvents, async (request) =>
    listHostEvents(app.db, await resolveHost(app.db, request.headers.host)),
  );
  await route(app, endpoints.listYourPlaces, async (request) =>
    listYourPlaces(app.db, await resolveHost(app.db, request.headers.host), request.user.id),
  );
  await route(app, endpoints.starPlace, async (request) =>
    starPlace(app.db, await resolveHost(app.db, request.headers.host), request.user.id, request.params.uuid),
  );
  await route(app, endpoints.unstarPlace, async (request) => unstarPlace(app.db, request.user.id, request.params.uuid));
};
