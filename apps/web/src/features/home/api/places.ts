import * as endpoints from "@estaciona/contracts/endpoints/home";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

/** The driver's starred and recent places on this host (docs/decisions/0241); `yourPlacesKey` refreshes them. */
export const yourPlacesQuery = () => endpointQuery(endpoints.listYourPlaces, {});
export const yourPlacesKey = endpointKey(endpoints.listYourPlaces);

/** Stars or unstars a lot or meter zone; both are idempotent, so a double tap is harmless. */
export const setStarred = async (uuid: string, starred: boolean): Promise<void> => {
  await callEndpoint(starred ? endpoints.starPlace : endpoints.unstarPlace, { params: { uuid } });
};
