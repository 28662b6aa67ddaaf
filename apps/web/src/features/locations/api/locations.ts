import type { Location } from "@estaciona/contracts/schemas/parking";
import { api, type DataEnvelope } from "../../../lib/api-client.ts";

export const locationQueryKey = (uuid: string) => ["parking", "location", uuid] as const;

/** `GET open/location/{uuid}`: public, no token needed (the QR landing and the live fee's rates). */
export async function getLocation(uuid: string): Promise<Location> {
  return (await api.get<DataEnvelope<Location>>(`open/location/${encodeURIComponent(uuid)}`)).data;
}
