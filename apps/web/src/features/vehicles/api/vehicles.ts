import type { EndpointBody } from "@estaciona/contracts/endpoint";
import * as endpoints from "@estaciona/contracts/endpoints/vehicles";
import type { Vehicle } from "@estaciona/contracts/schemas/user";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

/** The driver's vehicles, for `useQuery`; `vehiclesKey` refreshes them after a change. */
export const vehiclesQuery = () => endpointQuery(endpoints.listVehicles, {});
export const vehiclesKey = endpointKey(endpoints.listVehicles);

export const createVehicle = (body: EndpointBody<typeof endpoints.addVehicle>): Promise<Vehicle> =>
  callEndpoint(endpoints.addVehicle, { body });

export const updateVehicle = (uuid: string, body: EndpointBody<typeof endpoints.editVehicle>): Promise<Vehicle> =>
  callEndpoint(endpoints.editVehicle, { params: { uuid }, body });

export const deleteVehicle = async (uuid: string): Promise<void> => {
  await callEndpoint(endpoints.deleteVehicle, { params: { uuid } });
};
