import * as endpoints from "@estaciona/contracts/endpoints/balance";
import type { ReferenceTopUpBody, TopUpBody } from "@estaciona/contracts/schemas/balance";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, optionalEndpointQuery } from "../../../lib/endpoint-query.ts";

/**
 * The driver's balances; with a location, only the one that pays there (docs/decisions/0210). A
 * choice beside the card, not the screen's subject: a failed read shows no balance, never a dialog.
 */
export const balancesQuery = (locationUuid?: string) => {
  const input = { query: locationUuid ? { location_uuid: locationUuid } : {} };
  return queryOptions({
    queryKey: endpointKey(endpoints.listBalances, input),
    queryFn: ({ signal }) => callEndpoint(endpoints.listBalances, input, { signal, handleErrors: false }),
  });
};

/**
 * The balances a pay panel offers beside its cards, read before it shows its controls
 * (`BalancesKnown`): a failed read is no balance, so paying by card never waits on it.
 */
export const payingBalancesQuery = (locationUuid: string) =>
  optionalEndpointQuery(endpoints.listBalances, { query: { location_uuid: locationUuid } }, [], "paying");

export const topUpBalance = (body: TopUpBody, idempotencyKey: string) =>
  callEndpoint(endpoints.topUpBalance, { body, idempotencyKey });

export const topUpBalanceByReference = (body: ReferenceTopUpBody, idempotencyKey: string) =>
  callEndpoint(endpoints.topUpBalanceByReference, { body, idempotencyKey });

export const payOutBalance = (uuid: string, idempotencyKey: string) =>
  callEndpoint(endpoints.payOutBalance, { params: { uuid }, idempotencyKey });

/** Every balance read is stale once money moved. */
export const refreshBalances = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: endpointKey(endpoints.listBalances) });
