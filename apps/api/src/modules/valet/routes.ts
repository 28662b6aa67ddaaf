import * as endpoints from "@estaciona/contracts/endpoints/valet";
import type { FastifyPluginAsync } from "fastify";
import type { Keyring } from "../../lib/keyring.ts";
import { route } from "../../plugins/endpoints.ts";
import { driverOrigin } from "../hosts/service.ts";
import { deviceOf } from "../parking/devices/routes.ts";
import { payTicket } from "./payment.ts";
import {
  claimTicket,
  getTicket,
  listTickets,
  markCarDelivered,
  markCarReady,
  openTicket,
  requestCar,
  standQueue,
} from "./service.ts";

export const valetRoutes =
  (claimKeys: Keyring): FastifyPluginAsync =>
  async (app) => {
    await route(app, endpoints.openValetTicket, (request) =>
      openTicket(app, claimKeys, deviceOf(request), request.body),
    );
    await route(app, endpoints.listValetRequests, (request) => standQueue(app.db, deviceOf(request)));
    await route(app, endpoints.markValetCarReady, (request) =>
      markCarReady(app.db, deviceOf(request), request.params.uuid),
    );
    await route(app, endpoints.markValetCarDelivered, (request) =>
      markCarDelivered(app.db, deviceOf(request), request.params.uuid),
    );
    await route(app, endpoints.claimValetTicket, (request) =>
      claimTicket(app.db, claimKeys, request.user.id, request.body.token),
    );
    await route(app, endpoints.listValetTickets, (request) => listTickets(app.db, request.user.id, request.query));
    await route(app, endpoints.getValetTicket, (request) => getTicket(app.db, request.user.id, request.params.uuid));
    await route(app, endpoints.payValetTicket, async (request, _reply, key) =>
      payTicket(app, request.user, request.params.uuid, request.body, key, await driverOrigin(app, request)),
    );
    await route(app, endpoints.requestValetCar, (request) => requestCar(app.db, request.user.id, request.params.uuid));
  };
