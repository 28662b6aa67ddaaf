import { getHomeOffers } from "@estaciona/contracts/endpoints/home";
import { endpointQuery } from "../../../lib/endpoint-query.ts";

/** The host's products for the home; `position` only once the driver tapped "near me". */
export const homeOffersQuery = (position: { lat: number; lng: number } | null) =>
  endpointQuery(getHomeOffers, { query: position ? { lat: String(position.lat), lng: String(position.lng) } : {} });
