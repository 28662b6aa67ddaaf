import * as endpoints from "@estaciona/contracts/endpoints/subscriptions";
import { endpointQuery } from "../../../lib/endpoint-query.ts";

export const promoQuery = (code: string) => endpointQuery(endpoints.getPromo, { params: { code } });
