import * as endpoints from "@estaciona/contracts/endpoints/devices";
import type { FastifyPluginAsync } from "fastify";
import { deriveKey } from "../../../lib/crypto.ts";
import { route } from "../../../plugins/endpoints.ts";
import { registerDevice, reportEntry, reportExit } from "./service.ts";

/** Registering devices (admin) and what they report (`device/…`: `request.device` is the caller). */
export const deviceRoutes: FastifyPluginAsync = async (app) => {
  const hmacKey = deriveKey(app.config.secret, "device-key");
  await route(app, endpoints.registerDevice, (request) => registerDevice(app.db, hmacKey, request.body));
  await route(app, endpoints.reportEntry, (request) => reportEntry(app.db, request.device, request.body.plate));
  await route(app, endpoints.reportExit, (request) => reportExit(app, request.device, request.body.plate));
};
