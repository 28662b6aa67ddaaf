import { dataEnvelope } from "@estaciona/contracts/schemas/common";
import { createVehicleBody, updateVehicleBody, vehicle } from "@estaciona/contracts/schemas/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addVehicle, deleteVehicle, editVehicle, listVehicles } from "./service.ts";

const tags = ["vehicles"];
const security = [{ bearer: [] }];
// Authentication runs onRequest, before the body is parsed and validated: a caller without a
// valid token learns nothing about the payload rules and costs no parsing.
/** Any text: an id that is not one of the driver's vehicles is `vehicle_not_found`, whatever its shape. */
const vehicleParams = z.object({ uuid: z.string().max(64) });

/** The signed-in driver's vehicles (DESIGN §7): a plate is on at most one active account. */
export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/user/vehicle",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Register a vehicle by plate and state",
        body: createVehicleBody,
        response: { 201: dataEnvelope(vehicle) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await addVehicle(app.db, request.user.id, request.body) }),
  );

  app.get(
    "/user/vehicles",
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: "The driver's vehicles", response: { 200: dataEnvelope(z.array(vehicle)) } },
    },
    async (request) => ({ data: await listVehicles(app.db, request.user.id) }),
  );

  app.put(
    "/user/vehicle/:uuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Edit one of the driver's vehicles",
        params: vehicleParams,
        body: updateVehicleBody,
        response: { 200: dataEnvelope(vehicle) },
      },
    },
    async (request) => ({
      data: await editVehicle(app.db, request.user.id, request.params.uuid, request.body),
    }),
  );

  app.delete(
    "/user/vehicle/:uuid",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Remove one of the driver's vehicles",
        params: vehicleParams,
        response: { 200: z.object({ data: z.null() }) },
      },
    },
    async (request) => {
      await deleteVehicle(app.db, request.user.id, request.params.uuid);
      return { data: null };
    },
  );
};
