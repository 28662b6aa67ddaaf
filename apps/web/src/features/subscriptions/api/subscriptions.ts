import type { Country } from "@estaciona/contracts";
import * as endpoints from "@estaciona/contracts/endpoints/subscriptions";
import type { SubscriptionCharge, SubscriptionDetail } from "@estaciona/contracts/schemas/subscriptions";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { CallInput } from "../../../lib/endpoint-client.ts";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

/** The plans a driver can buy on this host (its country), by location. */
export const plansQuery = (country: Country) => endpointQuery(endpoints.listPlans, { query: { country } });

export const subscriptionsQuery = (status?: "current" | "past") =>
  endpointQuery(endpoints.listSubscriptions, { query: { status } });

export const subscriptionPaymentsQuery = () => endpointQuery(endpoints.listSubscriptionPayments, {});

/**
 * `/pensiones/{uuid}` names a pass or a plan (docs/product/screens-and-routes.md): the pass is read without the client's
 * error handling, so a 404 means "a plan, then" instead of the not-found screen.
 */
export const subscriptionOrNotQuery = (uuid: string) =>
  queryOptions({
    queryKey: endpointKey(endpoints.getSubscription, { params: { uuid } }),
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.getSubscription, { params: { uuid } }, { signal, handleErrors: false }),
  });

export const planQuery = (uuid: string) => endpointQuery(endpoints.getPlan, { params: { uuid } });

/** The first charge as it would be made; a promo code's refusal is the screen's to show, not a dialog. */
export const planQuoteQuery = (uuid: string, query: { start_date?: string; discount_code?: string }) => {
  const input: CallInput<typeof endpoints.quotePlan> = { params: { uuid }, query };
  return queryOptions({
    queryKey: endpointKey(endpoints.quotePlan, input),
    queryFn: ({ signal }) => callEndpoint(endpoints.quotePlan, input, { signal, handleErrors: false }),
  });
};

export const promoQuery = (code: string) => endpointQuery(endpoints.getPromo, { params: { code } });

export const partnerPageQuery = (slug: string) => endpointQuery(endpoints.getPartnerPage, { params: { slug } });

/** After buying, paying or cancelling every pass answer is stale. */
export const refreshPasses = (queryClient: QueryClient) =>
  Promise.all(
    [
      endpoints.listSubscriptions,
      endpoints.getSubscription,
      endpoints.listSubscriptionPayments,
      endpoints.listPlans,
      endpoints.getPlan,
    ].map((endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) })),
  );

/**
 * Buys a pass. The caller keeps one Idempotency-Key per attempt and sends it again on a retry of
 * the same attempt, so a lost answer never buys (or charges) twice. Failures are the caller's to show.
 */
export const buyPass = (
  body: Parameters<typeof callEndpoint<typeof endpoints.createSubscription>>[1]["body"],
  idempotencyKey: string,
): Promise<SubscriptionCharge> =>
  callEndpoint(endpoints.createSubscription, { body, idempotencyKey }, { handleErrors: false });

export const payPass = (
  uuid: string,
  idempotencyKey: string,
  paymentMethodUuid?: string,
): Promise<SubscriptionCharge> =>
  callEndpoint(
    endpoints.paySubscription,
    { params: { uuid }, body: paymentMethodUuid ? { payment_method_uuid: paymentMethodUuid } : {}, idempotencyKey },
    { handleErrors: false },
  );

export const cancelPass = (uuid: string): Promise<SubscriptionDetail> =>
  callEndpoint(endpoints.cancelSubscription, { params: { uuid } });
