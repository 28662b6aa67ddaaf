import { getLocation } from "@estaciona/contracts/endpoints/parking";
import { endpointQuery } from "../../../lib/endpoint-query.ts";

/** `GET open/location/{uuid}`: public, no token needed (the QR landing; the live fee reads the same cache). */
export const locationQuery = (uuid: string) => endpointQuery(getLocation, { params: { uuid } });
