import {
  type Endpoint,
  type EndpointBody,
  type EndpointData,
  type EndpointParams,
  type EndpointQuery,
  endpointPath,
} from "@estaciona/contracts/endpoint";
import { apiRequest, type RequestOptions } from "./api-client.ts";

/** A field the endpoint has (required unless its schema accepts nothing), or none at all. */
type Field<K extends string, T> = [T] extends [never]
  ? { [key in K]?: never }
  : undefined extends T
    ? { [key in K]?: T }
    : { [key in K]: T };

/** What a call sends: the declared path parameters, query and body; the key of an idempotent call. */
export type CallInput<E> = Field<"params", EndpointParams<E>> &
  Field<"query", EndpointQuery<E>> &
  Field<"body", EndpointBody<E>> & { idempotencyKey?: string };

function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * Calls an endpoint declared in `@estaciona/contracts/endpoints` and answers its `data`, typed from
 * the declaration. Failures are handled as `apiRequest` does (docs/product/calls-and-errors.md) unless `handleErrors: false`.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  options: Omit<RequestOptions, "body"> = {},
): Promise<EndpointData<E>> {
  if (endpoint.idempotent && !input.idempotencyKey)
    throw new Error(`${endpoint.method} ${endpoint.path} needs an Idempotency-Key`);
  const path =
    endpointPath(endpoint, input.params as Record<string, string> | undefined) +
    queryString(input.query as Record<string, unknown> | undefined);
  const answer = await apiRequest<unknown>(endpoint.method, path, {
    ...options,
    body: input.body,
    headers: { ...options.headers, ...(input.idempotencyKey ? { "Idempotency-Key": input.idempotencyKey } : {}) },
  });
  return (endpoint.envelope ? (answer as { data: unknown }).data : answer) as EndpointData<E>;
}
