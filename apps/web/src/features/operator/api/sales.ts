import type { EndpointBody, EndpointQuery } from "@estaciona/contracts/endpoint";
import * as sales from "@estaciona/contracts/endpoints/subscriptions";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

/** The console's plans and promo codes (docs/decisions/0047). */

/** The lists of this file, for useConsoleMutation's `invalidates`. */
export const salesLists = {
  plans: endpointKey(sales.listAdminPlans),
  discounts: endpointKey(sales.listDiscounts),
} as const;

export type PlanFilters = Omit<EndpointQuery<typeof sales.listAdminPlans>, "cursor" | "limit">;
/** Keyset pages of the operator's plans, newest first. */
export const plansQuery = (filters: PlanFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(sales.listAdminPlans, { query: filters }),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(sales.listAdminPlans, { query: { ...filters, cursor: pageParam, limit: 25 } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
/** The plans a promo code can be tied to: the operator's active plans (one page of 100 is the form's list). */
export const activePlansQuery = () => endpointQuery(sales.listAdminPlans, { query: { status: "active", limit: 100 } });
export const createPlan = (body: EndpointBody<typeof sales.createPlan>) => callEndpoint(sales.createPlan, { body });
export const updatePlan = (uuid: string, body: EndpointBody<typeof sales.updatePlan>) =>
  callEndpoint(sales.updatePlan, { params: { uuid }, body });
export const archivePlan = (uuid: string) => callEndpoint(sales.archivePlan, { params: { uuid } });

/** Keyset pages of the operator's promo codes, newest first. */
export const discountsQuery = () =>
  infiniteQueryOptions({
    queryKey: endpointKey(sales.listDiscounts, { query: {} }),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(sales.listDiscounts, { query: { cursor: pageParam, limit: 25 } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
export const createDiscount = (body: EndpointBody<typeof sales.createDiscount>) =>
  callEndpoint(sales.createDiscount, { body });
export const updateDiscount = (uuid: string, body: EndpointBody<typeof sales.updateDiscount>) =>
  callEndpoint(sales.updateDiscount, { params: { uuid }, body });
export const disableDiscount = (uuid: string) => callEndpoint(sales.disableDiscount, { params: { uuid } });
