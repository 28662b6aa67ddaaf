import type {
  AdminEvent,
  AdminEventPage,
  AdminSeries,
  CreateEventBody,
  CreateSeriesBody,
  Event,
  UpdateEventBody,
} from "@estaciona/contracts/schemas/events";
import { type Db, type Executor, lockName, underUniqueRule } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import { changedFields, recordAudit } from "../operator/audit.ts";
import { type OperatorScope, reachable } from "../operator/scope.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import { presentEvent, presentEvents } from "./presenter.ts";
import {
  type EventRow,
  findEventById,
  findSeriesBySlug,
  insertEvent,
  insertSeries,
  listEventsOfOrganisation,
  listSeriesOfOrganisation,
  lockEvent,
  placesTaken,
  updateEvent,
} from "./repository.ts";
import { JOB_REFUND_CANCELLED_EVENT, placesLock, refused } from "./service.ts";

/** The console's events (docs/product/events.md): series and events created, changed and cancelled, and listed with places sold. */

type EventFields = Pick<
  EventRow,
  | "starts_at"
  | "ends_at"
  | "suggested_amount"
  | "amount_editable"
  | "min_amount"
  | "max_amount"
  | "sales_open_at"
  | "sales_close_at"
>;

/** The rules an event's fields keep together, checked on every create and change. */
function assertEventRules(event: EventFields): void {
  const at = (iso: string) => Date.parse(iso);
  if (!(at(event.starts_at) < at(event.ends_at)) || !(at(event.sales_open_at) < at(event.sales_close_at)))
    throw new AppError("invalid_data", { messageKey: "events.dates_out_of_order" });
  if (at(event.sales_close_at) > at(event.ends_at))
    throw new AppError("invalid_data", { messageKey: "events.sales_after_end" });
  if (
    event.min_amount > event.max_amount ||
    event.suggested_amount < event.min_amount ||
    event.suggested_amount > event.max_amount
  )
    throw new AppError("invalid_data", { messageKey: "events.amount_limits" });
}

/** `POST admin/event-series`. */
export async function createSeries(db: Db, scope: OperatorScope, body: CreateSeriesBody) {
  const row = {
    id: newId(),
    organisation_id: scope.organisationId,
    slug: body.slug,
    name: body.name,
    description: body.description,
    created_at: nowIso(),
  };
  await underUniqueRule("code_already_exist", () => insertSeries(db, row));
  await recordAudit(db, scope, {
    action: "event_series.create",
    subject: { type: "event_series", id: row.id },
    after: row,
  });
  return { slug: row.slug, name: row.name, description: row.description };
}

/** `POST admin/event`: at a venue location, optionally in a series. */
export async function createEvent(db: Db, scope: OperatorScope, body: CreateEventBody): Promise<Event> {
  const location = reachable(scope, await findLocationById(db, body.location_uuid));
  if (location.kind !== "venue") throw new AppError("invalid_location_type");
  const series = body.series_slug ? await findSeriesBySlug(db, body.series_slug) : null;
  // Another organisation's series answers as if it did not exist (docs/decisions/0049).
  if (body.series_slug && series?.organisation_id !== scope.organisationId) throw new AppError("object_not_found");
  const now = nowIso();
  const row: EventRow = {
    id: newId(),
    location_id: location.id,
    series_id: series?.id ?? null,
    name: body.name,
    description: body.description,
    starts_at: body.starts_at,
    ends_at: body.ends_at,
    places: body.places,
    suggested_amount: body.suggested_amount,
    amount_editable: body.amount_editable ? 1 : 0,
    min_amount: body.amount_editable ? body.min_amount : body.suggested_amount,
    max_amount: body.amount_editable ? body.max_amount : body.suggested_amount,
    sales_open_at: body.sales_open_at,
    sales_close_at: body.sales_close_at,
    status: "scheduled",
    cancelled_at: null,
    created_at: now,
    updated_at: now,
  };
  assertEventRules(row);
  await db.transaction().execute(async (tx) => {
    await insertEvent(tx, row);
    const { created_at: _created, updated_at: _updated, ...after } = row;
    await recordAudit(tx, scope, { action: "event.create", subject: { type: "event", id: row.id }, after });
  });
  return presentEvent(db, row, Date.now());
}

/** An event at one of the operator's venues; another organisation's answers as if it did not exist. */
async function assertOperatorsEvent(
  db: Executor,
  scope: OperatorScope,
  event: EventRow | undefined,
): Promise<EventRow> {
  if (!event) throw new AppError("object_not_found");
  reachable(scope, await findLocationById(db, event.location_id));
  return event;
}

/**
 * `PUT admin/event/{uuid}`: the changed fields, checked together with the rest. Places are
 * changed under the event's places lock, so they never drop below the places already sold.
 */
export async function changeEvent(
  db: Db,
  scope: OperatorScope,
  eventId: string,
  body: UpdateEventBody,
): Promise<Event> {
  const changed = await db.transaction().execute(async (tx) => {
    await lockName(tx, placesLock(eventId));
    const event = await assertOperatorsEvent(tx, scope, await lockEvent(tx, eventId));
    if (event.status === "cancelled") throw refused("events.event_cancelled");
    const { amount_editable: editable, ...fields } = body;
    const next: EventRow = {
      ...event,
      ...fields,
      ...(editable === undefined ? {} : { amount_editable: editable ? 1 : 0 }),
      updated_at: nowIso(),
    };
    if (next.amount_editable === 0) {
      next.min_amount = next.suggested_amount;
      next.max_amount = next.suggested_amount;
    }
    assertEventRules(next);
    const sold = (await placesTaken(tx, [eventId])).get(eventId) ?? 0;
    if (next.places < sold)
      throw new AppError("invalid_data", { messageKey: "events.places_below_sold", params: { sold } });
    const { id: _id, created_at: _created, ...changes } = next;
    const { updated_at: _before, ...was } = event;
    const { updated_at: _after, ...now } = changes;
    await recordAudit(tx, scope, {
      action: "event.update",
      subject: { type: "event", id: eventId },
      ...changedFields(was, now),
    });
    return updateEvent(tx, eventId, changes);
  });
  return presentEvent(db, changed, Date.now());
}

/**
 * `POST admin/event/{uuid}/cancel`: the event stops selling at once and a job refunds every paid
 * visit (cancellation.ts). Cancelling twice answers the cancelled event again.
 */
export async function cancelEvent(db: Db, scope: OperatorScope, eventId: string): Promise<Event> {
  const cancelled = await db.transaction().execute(async (tx) => {
    await lockName(tx, placesLock(eventId));
    const event = await assertOperatorsEvent(tx, scope, await lockEvent(tx, eventId));
    if (event.status === "cancelled") return event;
    const at = nowIso();
    const row = await updateEvent(tx, eventId, { status: "cancelled", cancelled_at: at, updated_at: at });
    await recordAudit(tx, scope, {
      action: "event.cancel",
      subject: { type: "event", id: eventId },
      before: { status: event.status },
      after: { status: "cancelled" },
    });
    await enqueue(tx, JOB_REFUND_CANCELLED_EVENT, { eventId }, { dedupeKey: `event-refunds:${eventId}` });
    return row;
  });
  return presentEvent(db, cancelled, Date.now());
}
/** The console's view of events: the public fields, plus places sold and when it was cancelled. */
async function presentAdminEvents(db: Executor, rows: EventRow[], at: number): Promise<AdminEvent[]> {
  const events = await presentEvents(db, rows, at);
  const sold = await placesTaken(
    db,
    rows.map((row) => row.id),
  );
  return events.map((event, index) => {
    const row = rows[index] as EventRow;
    return { ...event, places_sold: sold.get(row.id) ?? 0, cancelled_at: row.cancelled_at, created_at: row.created_at };
  });
}

/** `GET admin/events`: a keyset page of the organisation's events (docs/decisions/0049). */
export async function listOperatorEvents(
  db: Executor,
  scope: OperatorScope,
  query: {
    period: "upcoming" | "past";
    location_uuid?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<AdminEventPage> {
  if (query.location_uuid) reachable(scope, await findLocationById(db, query.location_uuid));
  const [startsAt = "", id = ""] = query.cursor?.split("|") ?? [];
  const now = Date.now();
  const rows = await listEventsOfOrganisation(db, scope, {
    period: query.period,
    locationId: query.location_uuid,
    after: query.cursor ? { startsAt, id } : undefined,
    at: new Date(now).toISOString(),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: await presentAdminEvents(db, page, now),
    next_cursor: rows.length > query.limit && last ? `${last.starts_at}|${last.id}` : null,
  };
}

/** `GET admin/event/{uuid}`. */
export async function getOperatorEvent(db: Executor, scope: OperatorScope, eventId: string): Promise<AdminEvent> {
  const event = await assertOperatorsEvent(db, scope, await findEventById(db, eventId));
  const [presented] = await presentAdminEvents(db, [event], Date.now());
  return presented as AdminEvent;
}

/** `GET admin/event-series`. */
export async function listOperatorSeries(db: Executor, scope: OperatorScope): Promise<AdminSeries[]> {
  const rows = await listSeriesOfOrganisation(db, scope.organisationId, nowIso());
  return rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    description: row.description,
    created_at: row.created_at,
    upcoming_events: Number(row.upcoming_events ?? 0),
  }));
}
