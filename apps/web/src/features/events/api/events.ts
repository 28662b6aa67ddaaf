import type { EndpointBody } from "@estaciona/contracts/endpoint";
import * as endpoints from "@estaciona/contracts/endpoints/events";
import { listHostEvents } from "@estaciona/contracts/endpoints/home";
import type { PurchaseEventAnswer } from "@estaciona/contracts/schemas/events";
import type { QueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

export const eventQuery = (uuid: string) => endpointQuery(endpoints.getEvent, { params: { uuid } });

/** Every upcoming event at the host's venues (the events list). */
export const hostEventsQuery = () => endpointQuery(listHostEvents, {});

export const seriesQuery = (slug: string) => endpointQuery(endpoints.getEventSeries, { params: { slug } });

export const venueEventsQuery = (locationUuid: string) =>
  endpointQuery(endpoints.listLocationEvents, { params: { uuid: locationUuid } });

export const eventVisitQuery = (uuid: string) => endpointQuery(endpoints.getEventVisit, { params: { uuid } });

export const eventVisitsQuery = (page: number, limit: number) =>
  endpointQuery(endpoints.listEventVisits, { query: { page, limit } });

/** After a purchase the event's places, the driver's event visits and the landings are stale. */
export const refreshEvents = (queryClient: QueryClient) =>
  Promise.all(
    [
      endpoints.getEvent,
      endpoints.getEventSeries,
      endpoints.listLocationEvents,
      endpoints.listEventVisits,
      listHostEvents,
    ].map((endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) })),
  );

/**
 * Buys parking for the event. One Idempotency-Key per attempt, sent again on a retry of the same
 * attempt (no answer, a server error), so a retry never charges twice (docs/product/money.md). Failures are
 * the buy panel's to show unless `handleErrors` hands them to the API client (docs/product/calls-and-errors.md).
 */
export const purchaseEvent = (
  uuid: string,
  body: EndpointBody<typeof endpoints.purchaseEvent>,
  idempotencyKey: string,
  { handleErrors = false }: { handleErrors?: boolean } = {},
): Promise<PurchaseEventAnswer> =>
  callEndpoint(endpoints.purchaseEvent, { params: { uuid }, body, idempotencyKey }, { handleErrors });
