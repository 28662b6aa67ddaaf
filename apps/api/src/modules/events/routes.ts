import * as endpoints from "@estaciona/contracts/endpoints/events";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { driverOrigin, hostLocationIds } from "../hosts/service.ts";
import { scopeOf } from "../operator/scope.ts";
import { deviceOf } from "../parking/devices/routes.ts";
import {
  cancelEvent,
  changeEvent,
  createEvent,
  createSeries,
  getOperatorEvent,
  listOperatorEvents,
  listOperatorSeries,
} from "./console.ts";
import { reportEventEntry } from "./gate.ts";
import { type PassKeys, publicPassKey } from "./pass.ts";
import { purchaseEventParking } from "./purchase.ts";
import { getEventVisit, getPublicEvent, getPublicSeries, listEventVisits, listVenueEvents } from "./service.ts";

export const eventRoutes =
  (keys: PassKeys): FastifyPluginAsync =>
  async (app) => {
    await route(app, endpoints.getEvent, (request) => getPublicEvent(app.db, request.params.uuid));
    await route(app, endpoints.getEventSeries, async (request) =>
      getPublicSeries(app.db, request.params.slug, await hostLocationIds(app.db, request.headers.host)),
    );
    await route(app, endpoints.listLocationEvents, (request) => listVenueEvents(app.db, request.params.uuid));
    await route(app, endpoints.purchaseEvent, async (request, _reply, key) =>
      purchaseEventParking(
        app,
        keys,
        request.user,
        request.params.uuid,
        request.body,
        key,
        await driverOrigin(app, request),
      ),
    );
    await route(app, endpoints.listEventVisits, (request) => listEventVisits(app.db, request.user.id, request.query));
    await route(app, endpoints.getEventVisit, (request) =>
      getEventVisit(app.db, keys, request.user.id, request.params.uuid),
    );
    await route(app, endpoints.listOperatorEventSeries, (request) => listOperatorSeries(app.db, scopeOf(request)));
    await route(app, endpoints.listOperatorEvents, (request) =>
      listOperatorEvents(app.db, scopeOf(request), request.query),
    );
    await route(app, endpoints.getOperatorEvent, (request) =>
      getOperatorEvent(app.db, scopeOf(request), request.params.uuid),
    );
    await route(app, endpoints.createEventSeries, (request) => createSeries(app.db, scopeOf(request), request.body));
    await route(app, endpoints.createEvent, (request) => createEvent(app.db, scopeOf(request), request.body));
    await route(app, endpoints.updateEvent, (request) =>
      changeEvent(app.db, scopeOf(request), request.params.uuid, request.body),
    );
    await route(app, endpoints.cancelEvent, (request) => cancelEvent(app.db, scopeOf(request), request.params.uuid));
    await route(app, endpoints.reportEventEntry, (request) =>
      reportEventEntry(app.db, keys, deviceOf(request), request.body),
    );
    await route(app, endpoints.getPassKey, () => publicPassKey(keys));
  };
