import * as endpoints from "@estaciona/contracts/endpoints/devices";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { route } from "../../../plugins/endpoints.ts";
import { type DeviceRow, reportEntry, reportExit } from "./service.ts";

/** The device the `device/…` guard (plugins/authenticate.ts) found for the request's key. */
export function deviceOf(request: Pick<FastifyRequest, "parkingDevice">): DeviceRow {
  if (!request.parkingDevice) throw new Error("device route outside the device/… guard");
  return request.parkingDevice;
}

/** What devices report (`device/…`: the guard found the caller); the console registers them (modules/operator). */
export const deviceRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.reportEntry, (request) => reportEntry(app.db, deviceOf(request), request.body.plate));
  await route(app, endpoints.reportExit, (request) => reportExit(app, deviceOf(request), request.body.plate));
};
