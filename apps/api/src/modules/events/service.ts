import type { Event, EventSeries, EventVisitDetail, EventVisitPage } from "@estaciona/contracts/schemas/events";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import type { PassKeys } from "./pass.ts";
import { presentEvent, presentEvents, presentEventVisit, presentEventVisitSummary } from "./presenter.ts";
import {
  countEventVisitsOfUser,
  type EventRow,
  findEventById,
  findEventVisitOfUser,
  findSeriesBySlug,
  listEventVisitsOfUser,
  listUpcomingEvents,
} from "./repository.ts";

/** Refunds every paid visit of a cancelled event (cancellation.ts); enqueued by the cancelling transaction. */
export const JOB_REFUND_CANCELLED_EVENT = "events.refund_cancelled";

/** The lock under which an event's places are counted and taken (docs/decisions/0013). */
export const placesLock = (eventId: string) => `event-places:${eventId}`;

/** What an event refuses that the caller could try again later: `action_not_available` with the reason. */
export const refused = (messageKey: string, status = 409) =>
  new AppError("action_not_available", { status, messageKey });

export async function requireEvent(db: Executor, eventId: string): Promise<EventRow> {
  const event = await findEventById(db, eventId);
  if (!event) throw new AppError("object_not_found");
  return event;
}

export async function getPublicEvent(db: Executor, eventId: string): Promise<Event> {
  return presentEvent(db, await requireEvent(db, eventId), Date.now());
}

/** `GET open/event-series/{slug}`: the series' upcoming events at the requesting host's venues (docs/decisions/0165). */
export async function getPublicSeries(
  db: Executor,
  slug: string,
  hostLocations: string[] | null,
): Promise<EventSeries> {
  const series = await findSeriesBySlug(db, slug);
  if (!series) throw new AppError("object_not_found");
  const now = Date.now();
  const events = await listUpcomingEvents(db, { seriesId: series.id }, new Date(now).toISOString(), hostLocations);
  return {
    slug: series.slug,
    name: series.name,
    description: series.description,
    events: await presentEvents(db, events, now),
  };
}

export async function listVenueEvents(db: Executor, locationId: string): Promise<Event[]> {
  const location = await findLocationById(db, locationId);
  if (!location) throw new AppError("object_not_found");
  const now = Date.now();
  return presentEvents(db, await listUpcomingEvents(db, { locationId }, new Date(now).toISOString()), now);
}
export async function listEventVisits(
  db: Executor,
  userId: string,
  query: { page: number; limit: number },
): Promise<EventVisitPage> {
  const [rows, total] = await Promise.all([
    listEventVisitsOfUser(db, userId, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    countEventVisitsOfUser(db, userId),
  ]);
  return { items: rows.map(presentEventVisitSummary), page: query.page, limit: query.limit, total };
}

export async function getEventVisit(
  db: Executor,
  keys: PassKeys,
  userId: string,
  visitId: string,
): Promise<EventVisitDetail> {
  const visit = await findEventVisitOfUser(db, userId, visitId);
  if (!visit) throw new AppError("object_not_found");
  return presentEventVisit(db, keys, visit);
}
