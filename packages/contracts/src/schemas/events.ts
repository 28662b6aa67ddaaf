import { z } from "zod";
import { COUNTRIES, PAGINATOR_ROWS } from "../constants.ts";
import { EVENT_STATUSES } from "../statuses.ts";
import { amount, boundedAmount, plate, requiredText, text, uuid, uuidParams } from "./common.ts";
import { CURRENCIES, feeBreakdownBody, feeRatesBody, visitPayment } from "./parking.ts";
import { REFERENCE_RAILS } from "./references.ts";

/** Events at venues and event visits (docs/product/parking.md, docs/decisions/0030). Money is integer minor units. */

const isoTimestamp = z.string();
const instant = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

export const EVENT_LIFECYCLE = ["scheduled", "cancelled"] as const;
export const SERIES_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `GET open/event/{uuid}` and every event of a series or a venue's landing. */
export const event = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  starts_at: isoTimestamp,
  ends_at: isoTimestamp,
  status: z.enum(EVENT_LIFECYCLE),
  location: z.object({
    uuid: z.string(),
    name: z.string(),
    address: z.string(),
    time_zone: z.string(),
    country: z.enum(COUNTRIES),
  }),
  series: z.object({ slug: z.string(), name: z.string() }).nullable(),
  places: z.number().int(),
  places_left: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** The subtotal the driver pays; editable within [min, max] when `editable`. */
  amount: z.object({ suggested: amount, editable: z.boolean(), min: amount, max: amount }),
  sales: z.object({ open_at: isoTimestamp, close_at: isoTimestamp, open: z.boolean() }),
  rates: feeRatesBody,
  /** The suggested amount's all-in price (fees and tax). */
  suggested_price: feeBreakdownBody,
});
export type Event = z.infer<typeof event>;

export const eventParams = uuidParams();
export const eventList = z.array(event);

export const seriesParams = z.object({ slug: z.string().regex(SERIES_SLUG_PATTERN, { error: "object_not_found" }) });
/** `GET open/event-series/{slug}`: the series and its upcoming events, soonest first. */
export const eventSeries = z.object({ slug: z.string(), name: z.string(), description: z.string(), events: eventList });
export type EventSeries = z.infer<typeof eventSeries>;

const eventFields = {
  name: requiredText(120),
  description: text({ multiline: true }).trim().max(2000),
  starts_at: instant,
  ends_at: instant,
  places: z.number().int().min(0).max(100_000),
  suggested_amount: boundedAmount.min(1),
  amount_editable: z.boolean(),
  min_amount: boundedAmount.min(1),
  max_amount: boundedAmount.min(1),
  sales_open_at: instant,
  sales_close_at: instant,
};

/** `POST admin/event`; a `series_slug` puts the event in that series (created with `POST admin/event-series`). */
export const createEventBody = z.object({
  location_uuid: uuid,
  series_slug: z.string().regex(SERIES_SLUG_PATTERN).nullish(),
  ...eventFields,
});
export type CreateEventBody = z.input<typeof createEventBody>;

/** `PUT admin/event/{uuid}`: the fields to change; the rules are checked on the result. */
export const updateEventBody = z.object(eventFields).partial();
export type UpdateEventBody = z.input<typeof updateEventBody>;

export const createSeriesBody = z.object({
  slug: z.string().trim().min(1).max(60).regex(SERIES_SLUG_PATTERN),
  name: requiredText(120),
  description: text({ multiline: true }).trim().max(2000),
});
export type CreateSeriesBody = z.input<typeof createSeriesBody>;
export const seriesCreated = z.object({ slug: z.string(), name: z.string(), description: z.string() });

/**
 * `POST user/event/{uuid}/purchase`: the vehicle, the amount (the suggested one when omitted or
 * not editable), the card (else the country's default) and the total the driver was shown.
 */
export const purchaseEventBody = z.object({
  vehicle_uuid: uuid,
  amount: boundedAmount.optional(),
  payment_method_uuid: uuid.optional(),
  /** Pay later, in cash at OXXO or by SPEI (Mexico, docs/decisions/0314): the place is held until the event starts at most. */
  reference_rail: z.enum(REFERENCE_RAILS).optional(),
  expected_total: amount.optional(),
});
export type PurchaseEventBody = z.input<typeof purchaseEventBody>;

export const eventVisitSummary = z.object({
  uuid: z.string(),
  status: z.enum(EVENT_STATUSES),
  event: z.object({
    uuid: z.string(),
    name: z.string(),
    starts_at: isoTimestamp,
    ends_at: isoTimestamp,
    status: z.enum(EVENT_LIFECYCLE),
    location: z.object({ uuid: z.string(), name: z.string(), address: z.string(), time_zone: z.string() }),
  }),
  vehicle: z.object({ uuid: z.string(), plate: z.string() }),
  total: amount,
  currency: z.enum(CURRENCIES),
  paid_at: isoTimestamp.nullable(),
  entered_at: isoTimestamp.nullable(),
  refunded_at: isoTimestamp.nullable(),
});
export type EventVisitSummary = z.infer<typeof eventVisitSummary>;

/** `GET user/event-visit/{uuid}`: the amounts paid and, while it admits the car, the signed pass. */
export const eventVisitDetail = eventVisitSummary.extend({
  amounts: feeBreakdownBody,
  /** A signed pass (a compact JWS) the gate verifies without a lookup; null once used, refunded or unpaid. */
  pass: z.string().nullable(),
  payments: z.array(visitPayment),
});
export type EventVisitDetail = z.infer<typeof eventVisitDetail>;

export const purchaseEventAnswer = z.object({
  visit: eventVisitDetail,
  payment: z.object({
    uuid: z.string(),
    status: z.enum(["succeeded", "requires_action", "failed", "pending"]),
    redirect_url: z.string().nullable(),
  }),
});
export type PurchaseEventAnswer = z.infer<typeof purchaseEventAnswer>;

export const eventVisitParams = uuidParams();
export const eventVisitListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(PAGINATOR_ROWS),
});
export const eventVisitPage = z.object({
  items: z.array(eventVisitSummary),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type EventVisitPage = z.infer<typeof eventVisitPage>;

/** `POST device/event/entry`: the scanned pass, or the plate a camera read; `event_uuid` pins the event. */
export const eventEntryBody = z
  .object({ pass: z.string().min(1).max(2000).optional(), plate: plate.optional(), event_uuid: uuid.optional() })
  .refine((body) => body.pass !== undefined || body.plate !== undefined, { error: "missing_parameters" });
export type EventEntryBody = z.input<typeof eventEntryBody>;

export const eventEntryResult = z.object({
  open: z.boolean(),
  visit: z.object({
    uuid: z.string(),
    status: z.enum(EVENT_STATUSES),
    plate: z.string(),
    event_uuid: z.string(),
    event_name: z.string(),
    entered_at: isoTimestamp.nullable(),
  }),
});
export type EventEntryResult = z.infer<typeof eventEntryResult>;

/** `GET device/event/pass-key`: the public key (JWK, EdDSA) a gate keeps to verify passes offline. */
/** `jwk` signs new passes; `keys` is every key a pass may name by `kid` now (two while APP_SECRET rotates). */
export const passKey = z.object({
  alg: z.literal("EdDSA"),
  jwk: z.record(z.string(), z.string()),
  keys: z.array(z.record(z.string(), z.string())),
});

export const cancelEventAnswer = event;

/** The console's keyset cursor over events: the last row's `starts_at|id`; anything else is refused (422). */
const eventCursor = z
  .string()
  .max(120)
  .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z\|[0-9a-f-]{36}$/)
  .optional();

/** Upcoming: not over yet, soonest first. Past: over, latest first. Cancelled ones are in both, marked. */
export const ADMIN_EVENT_PERIODS = ["upcoming", "past"] as const;

/** `GET admin/events`: the organisation's events, a period at a time, optionally at one venue. */
export const adminEventListQuery = z.object({
  period: z.enum(ADMIN_EVENT_PERIODS).default("upcoming"),
  location_uuid: uuid.optional(),
  cursor: eventCursor,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type AdminEventListQuery = z.input<typeof adminEventListQuery>;

/** An event as the console shows it: the public page's fields and what the operator alone sees. */
export const adminEvent = event.extend({
  /** Places paid for or being paid (what `places_left` subtracts). */
  places_sold: z.number().int(),
  cancelled_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
});
export type AdminEvent = z.infer<typeof adminEvent>;
export const adminEventPage = z.object({ items: z.array(adminEvent), next_cursor: z.string().nullable() });
export type AdminEventPage = z.infer<typeof adminEventPage>;

/** `GET admin/event-series`: the organisation's series, newest first (an organisation holds a handful). */
export const adminSeries = seriesCreated.extend({ created_at: isoTimestamp, upcoming_events: z.number().int() });
export type AdminSeries = z.infer<typeof adminSeries>;
export const adminSeriesList = z.array(adminSeries);
