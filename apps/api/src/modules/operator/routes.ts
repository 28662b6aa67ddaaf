import { Readable } from "node:stream";
import * as devices from "@estaciona/contracts/endpoints/devices";
import * as endpoints from "@estaciona/contracts/endpoints/operator";
import type { FastifyPluginAsync } from "fastify";
import { requestLocale } from "../../lib/locale.ts";
import { placeSigner } from "../../lib/place-sign.ts";
import { route } from "../../plugins/endpoints.ts";
import { deviceHmacKeys } from "../parking/devices/service.ts";
import { listAudit } from "./audit.ts";
import { listDevices, registerDevice, renameDevice, revokeDevice, rotateDeviceKey } from "./devices.ts";
import { driverDetail, searchDrivers, setDriverStatus } from "./drivers.ts";
import { createLocation, editLocation, getOperatorLocation, listOperatorLocations } from "./locations.ts";
import { exportPayments, paymentDetail, refundCharge, searchPayments } from "./payments.ts";
import { addOrganisationOperator, createOrganisation, listHosts, listOrganisations, updateHost } from "./platform.ts";
import { scopeOf } from "./scope.ts";
import { addOperator, listOperators, operatorProfile, removeOperator, updateOperatorGrants } from "./team.ts";
import { todayReport } from "./today.ts";

export const operatorRoutes: FastifyPluginAsync = async (app) => {
  const hmacKey = deviceHmacKeys(app.config).current.key;
  const signer = placeSigner(app.config);
  await route(app, endpoints.getOperatorProfile, (request) => operatorProfile(app.db, scopeOf(request)));
  await route(app, endpoints.getToday, (request) => todayReport(app.db, scopeOf(request), request.query.days));

  await route(app, endpoints.listOperatorLocations, (request) => listOperatorLocations(app.db, scopeOf(request)));
  await route(app, endpoints.createLocation, (request) => createLocation(app.db, scopeOf(request), request.body));
  await route(app, endpoints.getOperatorLocation, (request) =>
    getOperatorLocation({ db: app.db, config: app.config, signer }, scopeOf(request), request.params.uuid),
  );
  await route(app, endpoints.updateLocation, (request) =>
    editLocation(app.db, scopeOf(request), request.params.uuid, request.body),
  );

  await route(app, endpoints.listDevices, (request) =>
    listDevices(app.db, scopeOf(request), request.query.location_uuid),
  );
  await route(app, devices.registerDevice, (request) =>
    registerDevice(app.db, hmacKey, scopeOf(request), request.body),
  );
  await route(app, endpoints.renameDevice, (request) =>
    renameDevice(app.db, scopeOf(request), request.params.uuid, request.body.name),
  );
  await route(app, endpoints.rotateDeviceKey, (request) =>
    rotateDeviceKey(app.db, hmacKey, scopeOf(request), request.params.uuid),
  );
  await route(app, endpoints.revokeDevice, (request) => revokeDevice(app.db, scopeOf(request), request.params.uuid));

  await route(app, endpoints.searchPayments, (request) => searchPayments(app.db, scopeOf(request), request.query));
  await route(app, endpoints.getPayment, (request) => paymentDetail(app.db, scopeOf(request), request.params.uuid));
  await route(app, endpoints.refundPayment, (request, _reply, key) =>
    refundCharge(app, scopeOf(request), request.params.uuid, request.body, key),
  );
  await route(app, endpoints.exportPayments, async (request, reply) => {
    const today = new Date().toISOString().slice(0, 10);
    const { from = `${today.slice(0, 8)}01`, to = today } = request.query;
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="payments-${from}-${to}.csv"`);
    // A stream is sent as it is read (no serialiser): the declared answer is its text.
    const locale = requestLocale(request.headers["accept-language"]);
    return Readable.from(exportPayments(app.db, scopeOf(request), { from, to }, locale)) as unknown as string;
  });

  await route(app, endpoints.searchDrivers, (request) => searchDrivers(app.db, scopeOf(request), request.query.q));
  await route(app, endpoints.getDriver, (request) => driverDetail(app.db, scopeOf(request), request.params.uuid));
  await route(app, endpoints.suspendDriver, (request) =>
    setDriverStatus(app.db, scopeOf(request), request.params.uuid, "suspended"),
  );
  await route(app, endpoints.restoreDriver, (request) =>
    setDriverStatus(app.db, scopeOf(request), request.params.uuid, "active"),
  );

  await route(app, endpoints.listOperators, (request) => listOperators(app.db, scopeOf(request)));
  await route(app, endpoints.addOperator, (request) => addOperator(app.db, scopeOf(request), request.body));
  await route(app, endpoints.removeOperator, (request) =>
    removeOperator(app.db, scopeOf(request), request.params.uuid),
  );
  await route(app, endpoints.updateOperatorGrants, (request) =>
    updateOperatorGrants(app.db, scopeOf(request), request.params.uuid, request.body),
  );

  await route(app, endpoints.listHosts, (request) => listHosts(app.db, scopeOf(request)));
  await route(app, endpoints.updateHost, (request) =>
    updateHost(app.db, scopeOf(request), request.params.hostname, request.body),
  );
  await route(app, endpoints.listOrganisations, (request) => listOrganisations(app.db, scopeOf(request)));
  await route(app, endpoints.createOrganisation, (request) =>
    createOrganisation(app.db, scopeOf(request), request.body),
  );
  await route(app, endpoints.addOrganisationOperator, (request) =>
    addOrganisationOperator(app.db, scopeOf(request), request.params.uuid, request.body.phone),
  );
  await route(app, endpoints.listAudit, (request) => listAudit(app.db, scopeOf(request), request.query));
};
