import {
  deviceEventBody,
  deviceEventResult,
  registerDeviceBody,
  registeredDevice,
} from "@estaciona/contracts/schemas/parking";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type DeviceRow, deviceHmacKey, registerDevice, reportEntry, reportExit } from "./service.ts";

const deviceKeyHeader = z.object({ "x-device-key": z.string().optional() });

/** The device the `device/…` guard (plugins/authenticate.ts) found for the request's key. */
function deviceOf(request: FastifyRequest): DeviceRow {
  if (!request.parkingDevice) throw new Error("device route outside the device/… guard");
  return request.parkingDevice;
}

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const hmacKey = deviceHmacKey(app.config.secret);

  app.post(
    "/admin/device",
    {
      schema: {
        tags: ["devices"],
        summary: "Register a gate, camera, meter or valet device; answers its key once",
        body: registerDeviceBody,
        response: { 201: z.object({ data: registeredDevice }) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await registerDevice(app.db, hmacKey, request.body) }),
  );

  app.post(
    "/device/entry",
    {
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
