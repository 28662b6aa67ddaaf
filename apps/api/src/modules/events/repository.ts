import { type Executor, forUpdate } from "../../db/database.ts";
import type { NewRow, Row, RowUpdate } from "../../db/schema.ts";

export type EventRow = Row<"events">;
export type EventVisitRow = Row<"event_visits">;
export type SeriesRow = Row<"event_series">;

/** The ledger's payable type of an event visit. */
export const EVENT_VISIT_PAYABLE = "event_visit";

/** Event visits that still hold their place: paid, or their charge still in flight. */
const HOLDS_PLACE = 1;

export function findEventById(db: Executor, eventId: string) {
  return db.selectFrom("events").selectAll().where("id", "=", eventId).executeTakeFirst();
}

export function lockEvent(tx: Executor, eventId: string) {
  return tx.selectFrom("events").selectAll().where("id", "=", eventId).$call(forUpdate(tx)).executeTakeFirst();
}

export async function insertEvent(db: Executor, event: NewRow<"events">): Promise<void> {
  await db.insertInto("events").values(event).execute();
}

export function updateEvent(db: Executor, eventId: string, changes: RowUpdate<"events">) {
  return db.updateTable("events").set(changes).where("id", "=", eventId).returningAll().executeTakeFirstOrThrow();
}

export function findSeriesBySlug(db: Executor, slug: string) {
  return db.selectFrom("event_series").selectAll().where("slug", "=", slug).executeTakeFirst();
}

export function findSeriesById(db: Executor, seriesId: string) {
  return db.selectFrom("event_series").selectAll().where("id", "=", seriesId).executeTakeFirst();
}

export async function insertSeries(db: Executor, series: NewRow<"event_series">): Promise<void> {
  await db.insertInto("event_series").values(series).execute();
}

/** Scheduled events of a series or a venue that have not ended at `at`, soonest first. */
/** A series' or a venue's upcoming events; only at the locations `locationIds` names when given (a host's). */
export function listUpcomingEvents(
  db: Executor,
  where: { seriesId: string } | { locationId: string },
  at: string,
  locationIds: string[] | null = null,
) {
  if (locationIds?.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("events")
    .selectAll()
    .$call((query) =>
      "seriesId" in where
        ? query.where("series_id", "=", where.seriesId)
        : query.where("location_id", "=", where.locationId),
    )
    .where("status", "=", "scheduled")
    .where("ends_at", ">", at)
    .$if(locationIds !== null, (query) => query.where("location_id", "in", locationIds ?? []))
    .orderBy("starts_at")
    .orderBy("id")
    .limit(50)
    .execute();
}

/** How many places of each event are taken (paid or being paid). */
export async function placesTaken(db: Executor, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("event_visits")
    .select(["event_id", (eb) => eb.fn.countAll<number | string>().as("taken")])
    .where("event_id", "in", eventIds)
    .where("holds_place", "=", HOLDS_PLACE)
    .groupBy("event_id")
    .execute();
  return new Map(rows.map((row) => [row.event_id, Number(row.taken)]));
}

/** Whether the vehicle already holds a place at the event (one pass per vehicle and event). */
export async function vehicleHoldsPlace(db: Executor, eventId: string, vehicleId: string): Promise<boolean> {
  const row = await db
    .selectFrom("event_visits")
    .select("id")
    .where("event_id", "=", eventId)
    .where("vehicle_id", "=", vehicleId)
    .where("holds_place", "=", HOLDS_PLACE)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertEventVisit(db: Executor, visit: NewRow<"event_visits">): Promise<void> {
  await db.insertInto("event_visits").values(visit).execute();
}

export function findEventVisitById(db: Executor, visitId: string) {
  return db.selectFrom("event_visits").selectAll().where("id", "=", visitId).executeTakeFirst();
}

/**
 * The lock order (ARCHITECTURE.md) for an event visit's payment: its event (the parent row, as
 * the purchase and the cancellation take it), then the visit.
 */
export async function lockEventAndVisit(tx: Executor, visitId: string): Promise<void> {
  const visit = await findEventVisitById(tx, visitId);
  if (!visit) return;
  await lockEvent(tx, visit.event_id);
  await tx.selectFrom("event_visits").select("id").where("id", "=", visitId).$call(forUpdate(tx)).execute();
}

export function findEventVisitOfUser(db: Executor, userId: string, visitId: string) {
  return db
    .selectFrom("event_visits")
    .selectAll()
    .where("id", "=", visitId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Moves an event visit only from the statuses given: the one who moves it first wins. */
export function updateEventVisitIf(
  db: Executor,
  visitId: string,
  fromStatuses: readonly EventVisitRow["status"][],
  changes: Omit<RowUpdate<"event_visits">, "id" | "event_id" | "user_id" | "vehicle_id">,
) {
  return db
    .updateTable("event_visits")
    .set(changes)
    .where("id", "=", visitId)
    .where("status", "in", fromStatuses)
    .returningAll()
    .executeTakeFirst();
}

const summaryColumns = [
  "event_visits.id",
  "event_visits.status",
  "event_visits.total",
  "event_visits.currency",
  "event_visits.paid_at",
  "event_visits.entered_at",
  "event_visits.refunded_at",
  "event_visits.created_at",
  "events.id as event_id",
  "events.name as event_name",
  "events.starts_at",
  "events.ends_at",
  "events.status as event_status",
  "locations.id as location_id",
  "locations.name as location_name",
  "locations.address as location_address",
  "locations.time_zone",
  "vehicles.id as vehicle_id",
  "vehicles.plate",
] as const;

function eventVisitsWithEvent(db: Executor) {
  return db
    .selectFrom("event_visits")
    .innerJoin("events", "events.id", "event_visits.event_id")
    .innerJoin("locations", "locations.id", "events.location_id")
    .innerJoin("vehicles", "vehicles.id", "event_visits.vehicle_id");
}

export type EventVisitListRow = Awaited<ReturnType<typeof findEventVisitRow>> & {};

export function findEventVisitRow(db: Executor, visitId: string) {
  return eventVisitsWithEvent(db).select(summaryColumns).where("event_visits.id", "=", visitId).executeTakeFirst();
}

/** The driver's event visits, newest first; abandoned purchases (never paid, place let go) are left out. */
export function listEventVisitsOfUser(db: Executor, userId: string, page: { limit: number; offset: number }) {
  return eventVisitsWithEvent(db)
    .select(summaryColumns)
    .where("event_visits.user_id", "=", userId)
    .where((eb) => eb.or([eb("event_visits.paid_at", "is not", null), eb("event_visits.holds_place", "=", 1)]))
    .orderBy("event_visits.created_at", "desc")
    .orderBy("event_visits.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countEventVisitsOfUser(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom("event_visits")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("paid_at", "is not", null), eb("holds_place", "=", 1)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Unused passes for a plate at a venue's events whose gates are open at `at` (a camera at the entry). */
export function findEnterableVisitsByPlate(
  db: Executor,
  where: { locationId: string; plate: string; eventId?: string; gateOpensBefore: string; at: string },
) {
  return db
    .selectFrom("event_visits")
    .innerJoin("events", "events.id", "event_visits.event_id")
    .innerJoin("vehicles", "vehicles.id", "event_visits.vehicle_id")
    .selectAll("event_visits")
    .where("events.location_id", "=", where.locationId)
    .where("vehicles.plate", "=", where.plate)
    .where("event_visits.paid_at", "is not", null)
    .where("event_visits.refunded_at", "is", null)
    .$call((query) => (where.eventId ? query.where("events.id", "=", where.eventId) : query))
    .where("events.starts_at", "<=", where.gateOpensBefore)
    .where("events.ends_at", ">", where.at)
    .orderBy("event_visits.status")
    .orderBy("events.starts_at")
    .execute();
}

/** Paid visits of a cancelled event that still hold their place: the refunds to make. */
export function listVisitsToRefund(db: Executor, eventId: string) {
  return db
    .selectFrom("event_visits")
    .select("id")
    .where("event_id", "=", eventId)
    .where("paid_at", "is not", null)
    .where("refunded_at", "is", null)
    .orderBy("id")
    .execute();
}

/** The successful charge of an event visit (at most one: the ledger's unique index). */
export function findPaidChargeOf(db: Executor, visitId: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("payable_type", "=", EVENT_VISIT_PAYABLE)
    .where("payable_id", "=", visitId)
    .where("kind", "=", "charge")
    .where("status", "in", ["succeeded", "refunded"])
    .executeTakeFirst();
}

/** Paid visits of events that have ended become `finished` (shown as Paid); safe to run anywhere, any time. */
export function finishEndedEventVisits(db: Executor, at: string) {
  return db
    .updateTable("event_visits")
    .set({ status: "finished", updated_at: at })
    .where("status", "in", ["inactive", "in_progress"])
    .where("event_id", "in", (eb) => eb.selectFrom("events").select("id").where("ends_at", "<=", at))
    .execute();
}

/** The refund of a cancelled event's visit went through: the place is let go. */
export function markEventVisitRefunded(db: Executor, visitId: string, at: string) {
  return db
    .updateTable("event_visits")
    .set({ refunded_at: at, holds_place: 0, updated_at: at })
    .where("id", "=", visitId)
    .where("refunded_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** Every event visit of the driver with its event and place, oldest first (the personal-data export). */
export function listAllEventVisitsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("event_visits")
    .innerJoin("events", "events.id", "event_visits.event_id")
    .innerJoin("locations", "locations.id", "events.location_id")
    .select([
      "event_visits.id",
      "events.name as event",
      "locations.name as location",
      "event_visits.status",
      "event_visits.total",
      "event_visits.currency",
      "event_visits.created_at",
    ])
    .where("event_visits.user_id", "=", userId)
    .orderBy("event_visits.created_at")
    .orderBy("event_visits.id")
    .execute();
}

/** Which of an organisation's events the console may list: its venues, or only the granted ones. */
export interface EventScope {
  organisationId: string;
  locationIds: string[] | null;
}

/**
 * A console page of the organisation's events: upcoming (not over at `at`, soonest first) or past
 * (over, latest first), keyset on (starts_at, id) after `after`; the venue's index on
 * (location_id, starts_at) serves the join.
 */
export function listEventsOfOrganisation(
  db: Executor,
  scope: EventScope,
  query: {
    period: "upcoming" | "past";
    locationId?: string | undefined;
    after?: { startsAt: string; id: string } | undefined;
    at: string;
    limit: number;
  },
) {
  const upcoming = query.period === "upcoming";
  const direction = upcoming ? "asc" : "desc";
  const beyond = upcoming ? ">" : "<";
  return db
    .selectFrom("events")
    .innerJoin("locations", "locations.id", "events.location_id")
    .selectAll("events")
    .where("locations.organisation_id", "=", scope.organisationId)
    .$if(scope.locationIds !== null, (qb) => qb.where("events.location_id", "in", scope.locationIds ?? []))
    .$if(query.locationId !== undefined, (qb) => qb.where("events.location_id", "=", query.locationId ?? ""))
    .where("events.ends_at", upcoming ? ">" : "<=", query.at)
    .$if(query.after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("events.starts_at", beyond, query.after?.startsAt ?? ""),
          eb.and([
            eb("events.starts_at", "=", query.after?.startsAt ?? ""),
            eb("events.id", beyond, query.after?.id ?? ""),
          ]),
        ]),
      ),
    )
    .orderBy("events.starts_at", direction)
    .orderBy("events.id", direction)
    .limit(query.limit)
    .execute();
}

/** The organisation's series, newest first, with how many scheduled events each has not yet over at `at`. */
export function listSeriesOfOrganisation(db: Executor, organisationId: string, at: string) {
  return db
    .selectFrom("event_series")
    .select([
      "event_series.id",
      "event_series.slug",
      "event_series.name",
      "event_series.description",
      "event_series.created_at",
      (eb) =>
        eb
          .selectFrom("events")
          .select((inner) => inner.fn.countAll<number | string>().as("count"))
          .whereRef("events.series_id", "=", "event_series.id")
          .where("events.status", "=", "scheduled")
          .where("events.ends_at", ">", at)
          .as("upcoming_events"),
    ])
    .where("event_series.organisation_id", "=", organisationId)
    .orderBy("event_series.created_at", "desc")
    .orderBy("event_series.id", "desc")
    .limit(200)
    .execute();
}

/** The driver's paid event parking whose event has not ended (and was not refunded). */
export function listUpcomingEventVisitsOfUser(db: Executor, userId: string, now: string) {
  return db
    .selectFrom("event_visits")
    .innerJoin("events", "events.id", "event_visits.event_id")
    .innerJoin("locations", "locations.id", "events.location_id")
    .select(["event_visits.id", "locations.name as location_name", "events.ends_at as until"])
    .where("event_visits.user_id", "=", userId)
    .where("event_visits.paid_at", "is not", null)
    .where("event_visits.refunded_at", "is", null)
    .where("events.ends_at", ">", now)
    .execute();
}

/**
 * How many of an event's places are held by a purchase awaiting payment by reference (OXXO, SPEI;
 * docs/decisions/0314): counted against the event's cap on such holds.
 */
export async function placesHeldByReferences(db: Executor, eventId: string): Promise<number> {
  const row = await db
    .selectFrom("event_visits")
    .innerJoin("payments", (join) =>
      join.onRef("payments.payable_id", "=", "event_visits.id").on("payments.payable_type", "=", EVENT_VISIT_PAYABLE),
    )
    .innerJoin("payment_references", "payment_references.payment_id", "payments.id")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("event_visits.event_id", "=", eventId)
    .where("event_visits.holds_place", "=", HOLDS_PLACE)
    .where("payments.status", "in", ["pending", "requires_action"])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
