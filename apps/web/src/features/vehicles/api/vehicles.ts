import type { CreateVehicleBody, Vehicle } from "@estaciona/contracts/schemas/user";
import { api, type DataEnvelope } from "../../../lib/api-client.ts";

export const vehiclesQueryKey = ["vehicles"] as const;

export async function getVehicles(): Promise<Vehicle[]> {
  return (await api.get<DataEnvelope<Vehicle[]>>("user/vehicles")).data;
}

export async function createVehicle(body: CreateVehicleBody): Promise<Vehicle> {
  return (await api.post<DataEnvelope<Vehicle>>("user/vehicle", body)).data;
}

export async function updateVehicle(uuid: string, body: Partial<CreateVehicleBody>): Promise<Vehicle> {
  return (await api.put<DataEnvelope<Vehicle>>(`user/vehicle/${encodeURIComponent(uuid)}`, body)).data;
}

export async function deleteVehicle(uuid: string): Promise<void> {
  await api.delete(`user/vehicle/${encodeURIComponent(uuid)}`);
}
