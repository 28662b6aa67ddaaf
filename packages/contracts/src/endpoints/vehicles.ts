import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** The signed-in driver's vehicles (docs/product/parking.md): a plate is on at most one active account. */

const vehicles = async () => {
  const [common, user] = await Promise.all([import("../schemas/common.ts"), import("../schemas/user.ts")]);
  return { ...common, ...user };
};
const tag = "vehicles";

export const addVehicle = defineEndpoint({
  method: "POST",
  path: "/user/vehicle",
  auth: "user",
  status: 201,
  errors: ["vehicle_already_exist"],
  tag,
  summary: "Register a vehicle by plate and state",
  schemas: schemasOf(vehicles, (s) => ({ body: s.createVehicleBody, response: s.vehicle })),
});

export const listVehicles = defineEndpoint({
  method: "GET",
  path: "/user/vehicles",
  auth: "user",
  tag,
  summary: "The driver's vehicles",
  schemas: schemasOf(vehicles, (s) => ({ response: s.vehicleList })),
});

export const editVehicle = defineEndpoint({
  method: "PUT",
  path: "/user/vehicle/:uuid",
  auth: "user",
  errors: ["vehicle_already_exist", "vehicle_not_found"],
  tag,
  summary: "Edit one of the driver's vehicles",
  schemas: schemasOf(vehicles, (s) => ({ params: s.vehicleParams, body: s.updateVehicleBody, response: s.vehicle })),
});

export const deleteVehicle = defineEndpoint({
  method: "DELETE",
  path: "/user/vehicle/:uuid",
  auth: "user",
  errors: ["active_subscription", "vehicle_not_found", "vehicle_with_active_visit"],
  tag,
  summary: "Remove one of the driver's vehicles",
  schemas: schemasOf(vehicles, (s) => ({ params: s.vehicleParams, response: s.noData })),
});
