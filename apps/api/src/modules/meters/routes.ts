import * as endpoints from "@estaciona/contracts/endpoints/meters";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { driverOrigin, hostLocationIds } from "../hosts/service.ts";
import { scopeOf } from "../operator/scope.ts";
import { deviceOf } from "../parking/devices/routes.ts";
import { OFFLINE_MAP_STYLE } from "./map-style.ts";
import { extendSession, startSession } from "./purchase.ts";
import { checkPlate, getSession, listSessions } from "./sessions.ts";
import {
  changeZone,
  createZone,
  getOperatorZone,
  getZone,
  getZoneByCode,
  listOperatorZones,
  listZones,
} from "./zones.ts";

export const meterRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.listMeterZones, async (request) =>
    listZones(app.db, request.query, await hostLocationIds(app.db, request.headers.host)),
  );
  await route(app, endpoints.findMeterZoneByCode, (request) => getZoneByCode(app.db, request.params.code));
  await route(app, endpoints.getMeterZone, (request) => getZone(app.db, request.params.uuid));
  await route(app, endpoints.getMeterMap, async () => ({
    style_url: app.config.web.mapStyleUrl,
    style: OFFLINE_MAP_STYLE,
  }));
  await route(app, endpoints.startMeterSession, async (request, _reply, key) =>
    startSession(app, request.user, request.body, key, await driverOrigin(app, request)),
  );
  await route(app, endpoints.extendMeterSession, async (request, _reply, key) =>
    extendSession(app, request.user, request.params.uuid, request.body, key, await driverOrigin(app, request)),
  );
  await route(app, endpoints.getMeterSession, (request) => getSession(app.db, request.user.id, request.params.uuid));
  await route(app, endpoints.listMeterSessions, (request) =>
    listSessions(app.db, request.user.id, request.query.status),
  );
  await route(app, endpoints.listOperatorMeterZones, (request) =>
    listOperatorZones(app.db, scopeOf(request), request.query),
  );
  await route(app, endpoints.getOperatorMeterZone, (request) =>
    getOperatorZone(app.db, scopeOf(request), request.params.uuid),
  );
  await route(app, endpoints.createMeterZone, (request) => createZone(app.db, scopeOf(request), request.body));
  await route(app, endpoints.updateMeterZone, (request) =>
    changeZone(app.db, scopeOf(request), request.params.uuid, request.body),
  );
  await route(app, endpoints.checkMeterPlate, (request) => checkPlate(app.db, deviceOf(request), request.body));
};
