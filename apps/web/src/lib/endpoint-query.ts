import type { Endpoint } from "@estaciona/contracts/endpoint";
import { queryOptions } from "@tanstack/react-query";
import { type CallInput, callEndpoint } from "./endpoint-client.ts";

/**
 * The cache key of an endpoint's answers: its path first, so `endpointKey(listVisits)` invalidates
 * every page of the list, then the parameters and query of one call.
 */
export const endpointKey = <E extends Endpoint>(endpoint: E, input?: CallInput<E>) =>
  input ? ([endpoint.path, input.params ?? null, input.query ?? null] as const) : ([endpoint.path] as const);

/** TanStack Query options that read a GET endpoint: `useQuery(endpointQuery(getVisit, { params: { uuid } }))`. */
export const endpointQuery = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
  queryOptions({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => callEndpoint(endpoint, input, { signal }),
  });
