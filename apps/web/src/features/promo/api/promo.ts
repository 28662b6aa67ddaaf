import * as endpoints from "@estaciona/contracts/endpoints/subscriptions";
import { queryOptions } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey } from "../../../lib/endpoint-query.ts";

/**
 * `GET user/discount/{code}`. A code that exists but cannot be used is the page's to explain
 * (docs/decisions/0251), so its `discount_not_available` opens no dialog; an unknown code is still
 * the client's 404 → /notfound.
 */
export const promoQuery = (code: string) =>
  queryOptions({
    queryKey: endpointKey(endpoints.getPromo, { params: { code } }),
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.getPromo, { params: { code } }, { signal, ownCodes: ["discount_not_available"] }),
  });
