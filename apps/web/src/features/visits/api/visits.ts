import type { EndpointBody, EndpointQuery } from "@estaciona/contracts/endpoint";
import * as endpoints from "@estaciona/contracts/endpoints/parking";
import type { PayVisitAnswer, VisitDetail } from "@estaciona/contracts/schemas/parking";
import type { QueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

/** Which visits `GET user/visits` answers: the server filters by open (`active`) or settled (`past`). */
export type VisitFilter = "all" | NonNullable<EndpointQuery<typeof endpoints.listVisits>["status"]>;

export const dashboardQuery = () => endpointQuery(endpoints.getParkingDashboard, {});

/** One page of the list; `after` is where it starts (from an earlier page's `next_pages`), none for page 1. */
export const visitsQuery = (filter: VisitFilter, page: number, limit: number, after?: string) =>
  endpointQuery(endpoints.listVisits, {
    query: { page, limit, after, status: filter === "all" ? undefined : filter },
  });

export const visitQuery = (uuid: string) => endpointQuery(endpoints.getVisit, { params: { uuid } });

/**
 * After a stay starts or is paid every parking answer is stale: the dashboard, the lists and the
 * visits. `refetchType: "none"` marks them stale without fetching them now.
 */
export const refreshParking = (queryClient: QueryClient, { refetchType }: { refetchType?: "none" } = {}) =>
  Promise.all(
    [endpoints.getParkingDashboard, endpoints.listVisits, endpoints.getVisit].map((endpoint) =>
      queryClient.invalidateQueries({ queryKey: endpointKey(endpoint), refetchType }),
    ),
  );

export const startVisit = (body: EndpointBody<typeof endpoints.startVisit>): Promise<VisitDetail> =>
  callEndpoint(endpoints.startVisit, { body });

/**
 * The pay body: the chosen card (else the server's default) and the total the driver was shown,
 * which the server charges or refuses (invalid_visit_amount) when the fee has moved on.
 */
const payVisitRequest = (
  paymentMethodUuid: string | null,
  expectedTotal: number,
): EndpointBody<typeof endpoints.payVisit> => ({
  ...(paymentMethodUuid ? { payment_method_uuid: paymentMethodUuid } : {}),
  expected_total: expectedTotal,
});

/**
 * Pays the visit. The caller keeps one Idempotency-Key per attempt and sends it again on a retry
 * of the same attempt, so a timeout followed by a retry never charges twice (docs/product/money.md). Failures
 * are the caller's to show (a decline belongs in the pay panel, not in a dialog) unless
 * `handleErrors` hands them to the API client (docs/product/calls-and-errors.md).
 */
export const payVisit = (
  uuid: string,
  paymentMethodUuid: string | null,
  idempotencyKey: string,
  expectedTotal: number,
  { handleErrors = false }: { handleErrors?: boolean } = {},
): Promise<PayVisitAnswer> =>
  callEndpoint(
    endpoints.payVisit,
    { params: { uuid }, body: payVisitRequest(paymentMethodUuid, expectedTotal), idempotencyKey },
    { handleErrors },
  );
