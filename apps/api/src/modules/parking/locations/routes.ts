import * as endpoints from "@estaciona/contracts/endpoints/parking";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../../plugins/endpoints.ts";
import { hostLocationIds } from "../../hosts/service.ts";
import { getPublicLocation, listPublicLocations } from "./service.ts";

export const locationRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.getLocation, (request) => getPublicLocation(app.db, request.params.uuid));
  await route(app, endpoints.listLocations, async (request) =>
    listPublicLocations(app.db, await hostLocationIds(app.db, request.headers.host)),
  );
};
