import { dataEnvelope } from "@estaciona/contracts/schemas/common";
import { createVehicleBody, updateVehicleBody, vehicle, vehicleParams } from "@estaciona/contracts/schemas/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addVehicle, deleteVehicle, editVehicle, listVehicles } from "./service.ts";

const tags = ["vehicles"];

/** The signed-in driver's vehicles (DESIGN §7): a plate is on at most one active account. */
export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/user/vehicle",
    {
      schema: {
        tags,
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
      schema: { tags, summary: "The driver's vehicles", response: { 200: dataEnvelope(z.array(vehicle)) } },
    },
    async (request) => ({ data: await listVehicles(app.db, request.user.id) }),
  );

  app.put(
    "/user/vehicle/:uuid",
    {
      schema: {
        tags,
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
      schema: {
        tags,
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
