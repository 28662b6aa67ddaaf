import * as endpoints from "@estaciona/contracts/endpoints/vehicles";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { addVehicle, deleteVehicle, editVehicle, listVehicles } from "./service.ts";

/** The signed-in driver's vehicles (docs/product/parking.md): a plate is on at most one active account. */
export const vehicleRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.addVehicle, (request) => addVehicle(app.db, request.user.id, request.body));
  await route(app, endpoints.listVehicles, (request) => listVehicles(app.db, request.user.id));
  await route(app, endpoints.editVehicle, (request) =>
    editVehicle(app.db, request.user.id, request.params.uuid, request.body),
  );
  await route(app, endpoints.deleteVehicle, async (request) => {
    await deleteVehicle(app.db, request.user.id, request.params.uuid);
    return null;
  });
};
