import {
  deviceEventBody,
  deviceEventResult,
  registerDeviceBody,
  registeredDevice,
} from "@estaciona/contracts/schemas/parking";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deriveKey } from "../../../lib/crypto.ts";
import { authenticateDevice, type DeviceRow, registerDevice, reportEntry, reportExit } from "./service.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The device that presented `X-Device-Key` on a `device/…` route. */
    parkingDevice: DeviceRow | null;
  }
}

const deviceKeyHeader = z.object({ "x-device-key": z.string().optional() });

/** The device behind the key, checked before the body is even validated: an unknown caller learns nothing. */
const requireDeviceFor =
  (deps: Parameters<typeof authenticateDevice>[0], hmacKey: Buffer) => async (request: FastifyRequest) => {
    request.parkingDevice = await authenticateDevice(deps, hmacKey, request.headers["x-device-key"]);
  };

function deviceOf(request: FastifyRequest): DeviceRow {
  if (!request.parkingDevice) throw new Error("device route without the device preValidation hook");
  return request.parkingDevice;
}

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const hmacKey = deriveKey(app.config.secret, "device-key");
  app.decorateRequest("parkingDevice", null);
  const requireDevice = requireDeviceFor(app.db, hmacKey);

  app.post(
    "/admin/device",
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ["devices"],
        summary: "Register a gate, camera, meter or valet device; answers its key once",
        security: [{ bearer: [] }],
        body: registerDeviceBody,
        response: { 201: z.object({ data: registeredDevice }) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await registerDevice(app.db, hmacKey, request.body) }),
  );

  app.post(
    "/device/entry",
    {
      preValidation: requireDevice,
      schema: {
        tags: ["devices"],
        summary: "A device saw a plate entering: opens a visit for the registered vehicle",
        headers: deviceKeyHeader,
        body: deviceEventBody,
        response: { 200: z.object({ data: deviceEventResult }) },
      },
    },
    async (request) => ({ data: await reportEntry(app.db, deviceOf(request), request.body.plate) }),
  );

  app.post(
    "/device/exit",
    {
      preValidation: requireDevice,
      schema: {
        tags: ["devices"],
        summary: "A device saw a plate leaving: charges a freeflow stay, or checks a gated one is paid",
        headers: deviceKeyHeader,
        body: deviceEventBody,
        response: { 200: z.object({ data: deviceEventResult }) },
      },
    },
    async (request) => ({ data: await reportExit(app, deviceOf(request), request.body.plate) }),
  );
};
