import { CARD_CHARGE_ERRORS, defineEndpoint, REFERENCE_CHARGE_ERRORS, schemasOf } from "../endpoint.ts";

/** Events at venues, their series, event parking and the gate's pass check (docs/product/parking.md). */

const events = () => import("../schemas/events.ts");
const tag = "events";

export const getEvent = defineEndpoint({
  method: "GET",
  path: "/open/event/:uuid",
  auth: "none",
  tag,
  summary: "An event's page: venue, places left, the amount and its limits, the sales window, the all-in price",
  schemas: schemasOf(events, (s) => ({ params: s.eventParams, response: s.event })),
});

export const getEventSeries = defineEndpoint({
  method: "GET",
  path: "/open/event-series/:slug",
  auth: "none",
  tag,
  summary: "A series landing (/evento/peninsula): its upcoming events, soonest first",
  schemas: schemasOf(events, (s) => ({ params: s.seriesParams, response: s.eventSeries })),
});

export const listLocationEvents = defineEndpoint({
  method: "GET",
  path: "/open/location/:uuid/events",
  auth: "none",
  tag,
  summary: "A venue's upcoming events, for its QR landing",
  schemas: schemasOf(events, (s) => ({ params: s.eventParams, response: s.eventList })),
});

export const purchaseEvent = defineEndpoint({
  method: "POST",
  path: "/user/event/:uuid/purchase",
  auth: "user",
  status: 201,
  idempotent: true,
  errors: [
    ...CARD_CHARGE_ERRORS,
    ...REFERENCE_CHARGE_ERRORS,
    "invalid_visit_amount",
    "plan_availability_reached",
    "vehicle_not_found",
    "vehicle_with_active_visit",
  ],
  tag,
  summary: "Buy parking for an event: takes a place and charges the chosen amount with fees and tax",
  schemas: schemasOf(events, (s) => ({
    params: s.eventParams,
    body: s.purchaseEventBody,
    response: s.purchaseEventAnswer,
  })),
});

export const listEventVisits = defineEndpoint({
  method: "GET",
  path: "/user/event-visits",
  auth: "user",
  tag,
  summary: "The driver's event visits, newest first",
  schemas: schemasOf(events, (s) => ({ query: s.eventVisitListQuery, response: s.eventVisitPage })),
});

export const getEventVisit = defineEndpoint({
  method: "GET",
  path: "/user/event-visit/:uuid",
  auth: "user",
  tag,
  summary: "An event visit: the event, the amounts paid, the payments and the signed pass",
  schemas: schemasOf(events, (s) => ({ params: s.eventVisitParams, response: s.eventVisitDetail })),
});

export const listOperatorEventSeries = defineEndpoint({
  method: "GET",
  path: "/admin/event-series",
  auth: "admin",
  tag,
  summary: "The organisation's event series, newest first, with how many events each has coming",
  schemas: schemasOf(events, (s) => ({ response: s.adminSeriesList })),
});

export const listOperatorEvents = defineEndpoint({
  method: "GET",
  path: "/admin/events",
  auth: "admin",
  errors: ["object_not_found"],
  tag,
  summary:
    "The organisation's events, upcoming (soonest first) or past (latest first), with places sold and status (keyset pages)",
  schemas: schemasOf(events, (s) => ({ query: s.adminEventListQuery, response: s.adminEventPage })),
});

export const getOperatorEvent = defineEndpoint({
  method: "GET",
  path: "/admin/event/:uuid",
  auth: "admin",
  tag,
  summary: "One of the organisation's events, with places sold",
  schemas: schemasOf(events, (s) => ({ params: s.eventParams, response: s.adminEvent })),
});

export const createEventSeries = defineEndpoint({
  method: "POST",
  path: "/admin/event-series",
  auth: "admin",
  status: 201,
  errors: ["code_already_exist"],
  tag,
  summary: "Create a series of events, found by its slug",
  schemas: schemasOf(events, (s) => ({ body: s.createSeriesBody, response: s.seriesCreated })),
});

export const createEvent = defineEndpoint({
  method: "POST",
  path: "/admin/event",
  auth: "admin",
  status: 201,
  errors: ["invalid_location_type", "object_not_found"],
  tag,
  summary: "Create an event at a venue",
  schemas: schemasOf(events, (s) => ({ body: s.createEventBody, response: s.event })),
});

export const updateEvent = defineEndpoint({
  method: "PUT",
  path: "/admin/event/:uuid",
  auth: "admin",
  tag,
  summary: "Change an event; places cannot go below those already sold",
  schemas: schemasOf(events, (s) => ({ params: s.eventParams, body: s.updateEventBody, response: s.event })),
});

export const cancelEvent = defineEndpoint({
  method: "POST",
  path: "/admin/event/:uuid/cancel",
  auth: "admin",
  tag,
  summary: "Cancel an event: every paid event visit is refunded by a job, exactly once, and its driver told",
  schemas: schemasOf(events, (s) => ({ params: s.eventParams, response: s.cancelEventAnswer })),
});

export const reportEventEntry = defineEndpoint({
  method: "POST",
  path: "/device/event/entry",
  auth: "device",
  errors: ["action_not_available", "vehicle_not_found"],
  tag,
  summary: "A gate scanned a pass or read a plate: the event visit enters (in_progress), once",
  schemas: schemasOf(events, (s) => ({ body: s.eventEntryBody, response: s.eventEntryResult })),
});

export const getPassKey = defineEndpoint({
  method: "GET",
  path: "/device/event/pass-key",
  auth: "device",
  tag,
  summary: "The public key that signs event passes, for gates that verify them offline",
  schemas: schemasOf(events, (s) => ({ response: s.passKey })),
});
