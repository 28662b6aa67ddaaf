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

/**
 * A GET endpoint's answer that a screen waits for (`useSuspenseQuery`) but can do without: a failed
 * read answers `fallback`, with no error dialog, and the read is made even offline, where it fails
 * at once instead of pausing until the signal returns (docs/offline.md). Its key is the endpoint's
 * with `tag` after it, so invalidating the endpoint reaches it too.
 */
export const optionalEndpointQuery = <E extends Endpoint, Fallback>(
  endpoint: E,
  input: CallInput<E>,
  fallback: Fallback,
  tag: string,
) =>
  queryOptions({
    queryKey: [...endpointKey(endpoint, input), tag] as const,
    queryFn: ({ signal }) => callEndpoint(endpoint, input, { signal, handleErrors: false }).catch(() => fallback),
    networkMode: "always",
  });
