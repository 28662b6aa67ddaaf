import type { EndpointBody } from "@estaciona/contracts/endpoint";
import * as events from "@estaciona/contracts/endpoints/events";
import * as meters from "@estaciona/contracts/endpoints/meters";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

/** The console's calls for events at venues and meter zones (docs/decisions/0049, 0050). */

/** The lists of this file, for useConsoleMutation's `invalidates`. */
export const venueLists = {
  events: endpointKey(events.listOperatorEvents),
  event: endpointKey(events.getOperatorEvent),
  series: endpointKey(events.listOperatorEventSeries),
  zones: endpointKey(meters.listOperatorMeterZones),
  zone: endpointKey(meters.getOperatorMeterZone),
} as const;

export type EventPeriod = "upcoming" | "past";
/** Keyset pages of the organisation's events of a period: each page hands over the cursor of the next. */
export const operatorEventsQuery = (period: EventPeriod) =>
  infiniteQueryOptions({
    queryKey: endpointKey(events.listOperatorEvents, { query: { period } }),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(events.listOperatorEvents, { query: { period, cursor: pageParam, limit: 20 } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
export const operatorEventQuery = (uuid: string) => endpointQuery(events.getOperatorEvent, { params: { uuid } });
export const operatorSeriesQuery = () => endpointQuery(events.listOperatorEventSeries, {});

export type CreateEventBody = EndpointBody<typeof events.createEvent>;
export type UpdateEventBody = EndpointBody<typeof events.updateEvent>;
export const createEvent = (body: CreateEventBody) => callEndpoint(events.createEvent, { body });
export const updateEvent = (uuid: string, body: UpdateEventBody) =>
  callEndpoint(events.updateEvent, { params: { uuid }, body });
export const cancelEvent = (uuid: string) => callEndpoint(events.cancelEvent, { params: { uuid } });
export const createSeries = (body: EndpointBody<typeof events.createEventSeries>) =>
  callEndpoint(events.createEventSeries, { body });

/** Keyset pages of the organisation's zones whose sign code starts with `q`, in code order. */
export const operatorZonesQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(meters.listOperatorMeterZones, { query: { q } }),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        meters.listOperatorMeterZones,
        { query: { ...(q ? { q } : {}), cursor: pageParam, limit: 25 } },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
export const operatorZoneQuery = (uuid: string) => endpointQuery(meters.getOperatorMeterZone, { params: { uuid } });

export type CreateZoneBody = EndpointBody<typeof meters.createMeterZone>;
export type ZoneBody = EndpointBody<typeof meters.updateMeterZone>;
export const createZone = (body: CreateZoneBody) => callEndpoint(meters.createMeterZone, { body });
export const updateZone = (uuid: string, body: ZoneBody) =>
  callEndpoint(meters.updateMeterZone, { params: { uuid }, body });
