import * as endpoints from "@estaciona/contracts/endpoints/parking";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../../plugins/endpoints.ts";
import { driverOrigin } from "../../hosts/service.ts";
import { getParkingDashboard, getVisit, listVisits, quoteVisit, startVisit } from "./service.ts";
import { payVisit } from "./settlement.ts";

export const visitRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.startVisit, (request) => startVisit(app.db, request.user, request.body));
  await route(app, endpoints.listVisits, (request) => listVisits(app.db, request.user.id, request.query));
  await route(app, endpoints.getVisit, (request) => getVisit(app.db, request.user.id, request.params.uuid));
  await route(app, endpoints.quoteVisit, (request) => quoteVisit(app.db, request.user.id, request.params.uuid));
  await route(
    app,
    endpoints.payVisit,
    async (request, _reply, idempotencyKey, keyRecord) =>
      payVisit(app, request.user, request.params.uuid, {
        body: request.body,
        idempotencyKey,
        keyRecord,
        returnOrigin: await driverOrigin(app, request),
      }),
    { claimsIdempotencyKey: true },
  );
  await route(app, endpoints.getParkingDashboard, (request) => getParkingDashboard(app.db, request.user.id));
};
