import { type Executor, forUpdate } from "../../db/database.ts";
import type { NewRow, Row } from "../../db/schema.ts";

/** Every query of the meters module (docs/product/parking.md): zones, sessions, purchases. */

export type MeterSessionRow = Row<"meter_sessions">;
export type MeterPurchaseRow = Row<"meter_purchases">;

/** A zone with its location: what pricing, the map and the zone page read. */
const zones = (db: Executor) =>
  db
    .selectFrom("parking_meters")
    .innerJoin("locations", "locations.id", "parking_meters.location_id")
    .select([
      "locations.id",
      "locations.organisation_id",
      "locations.name",
      "locations.address",
      "locations.lat",
      "locations.lng",
      "locations.time_zone",
      "locations.country",
      "locations.currency",
      "locations.active",
      "locations.tax_rate_bp",
      "locations.convenience_rate_bp",
      "locations.convenience_fixed",
      "locations.card_rate_bp",
      "locations.card_fixed",
      "parking_meters.zone_code",
      "parking_meters.device_id",
      "parking_meters.area",
      "parking_meters.rate_per_hour",
      "parking_meters.min_minutes",
      "parking_meters.max_minutes",
      "parking_meters.hours",
    ]);
export type MeterZoneRow = NonNullable<Awaited<ReturnType<typeof findZone>>>;

export function findZone(db: Executor, locationId: string) {
  return zones(db).where("locations.id", "=", locationId).executeTakeFirst();
}

export function findZoneByCode(db: Executor, zoneCode: string) {
  return zones(db).where("parking_meters.zone_code", "=", zoneCode).executeTakeFirst();
}

export function findLocation(db: Executor, locationId: string) {
  return db
    .selectFrom("locations")
    .select(["id", "kind", "organisation_id"])
    .where("id", "=", locationId)
    .executeTakeFirst();
}

export async function insertZone(db: Executor, zone: NewRow<"parking_meters">): Promise<void> {
  await db.insertInto("parking_meters").values(zone).execute();
}

export async function updateZone(
  db: Executor,
  locationId: string,
  changes: Omit<NewRow<"parking_meters">, "location_id" | "created_at">,
): Promise<boolean> {
  const result = await db
    .updateTable("parking_meters")
    .set(changes)
    .where("location_id", "=", locationId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findVehicleOfUser(db: Executor, userId: string, vehicleId: string) {
  return db
    .selectFrom("vehicles")
    .select(["id", "plate"])
    .where("id", "=", vehicleId)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export async function insertSession(db: Executor, session: MeterSessionRow): Promise<void> {
  await db.insertInto("meter_sessions").values(session).execute();
}

export function findSession(db: Executor, sessionId: string) {
  return db.selectFrom("meter_sessions").selectAll().where("id", "=", sessionId).executeTakeFirst();
}

export function findSessionOfUser(db: Executor, userId: string, sessionId: string) {
  return db
    .selectFrom("meter_sessions")
    .selectAll()
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export function lockSession(db: Executor, sessionId: string) {
  return db
    .selectFrom("meter_sessions")
    .selectAll()
    .where("id", "=", sessionId)
    .$call(forUpdate(db))
    .executeTakeFirst();
}

/** The vehicle's session in the zone that is still paid at `now`, or whose first payment is in flight. */
export function findRunningSession(db: Executor, vehicleId: string, locationId: string, now: string) {
  return db
    .selectFrom("meter_sessions")
    .selectAll()
    .where("vehicle_id", "=", vehicleId)
    .where("location_id", "=", locationId)
    .where((eb) =>
      eb.or([eb("status", "=", "pending"), eb.and([eb("status", "=", "active"), eb("ends_at", ">", now)])]),
    )
    .orderBy("ends_at", "desc")
    .executeTakeFirst();
}

/** The driver's sessions, newest first: `active` still paid at `now` (or paying), `past` ended or never paid. */
export function listSessionsOfUser(
  db: Executor,
  userId: string,
  filter: "active" | "past",
  now: string,
  limit: number,
) {
  return db
    .selectFrom("meter_sessions")
    .selectAll()
    .where("user_id", "=", userId)
    .where((eb) =>
      filter === "active"
        ? eb.or([eb("status", "=", "pending"), eb.and([eb("status", "=", "active"), eb("ends_at", ">", now)])])
        : eb.or([eb("status", "=", "cancelled"), eb.and([eb("status", "=", "active"), eb("ends_at", "<=", now)])]),
    )
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Enforcement: the latest paid end of a plate in a zone, if later than `now`. */
export function findPaidSessionOfPlate(db: Executor, plate: string, locationId: string, now: string) {
  return db
    .selectFrom("meter_sessions")
    .select(["ends_at"])
    .where("plate", "=", plate)
    .where("location_id", "=", locationId)
    .where("status", "=", "active")
    .where("ends_at", ">", now)
    .orderBy("ends_at", "desc")
    .executeTakeFirst();
}

/** Moves a session only when it is still paid until `endsBefore` (one purchase moves it once). */
export function extendSessionIfAt(db: Executor, sessionId: string, endsBefore: string, endsAfter: string, at: string) {
  return db
    .updateTable("meter_sessions")
    .set({ status: "active", ends_at: endsAfter, updated_at: at })
    .where("id", "=", sessionId)
    .where("ends_at", "=", endsBefore)
    .where("status", "in", ["pending", "active"])
    .executeTakeFirst();
}

export function cancelPendingSession(db: Executor, sessionId: string, at: string) {
  return db
    .updateTable("meter_sessions")
    .set({ status: "cancelled", updated_at: at })
    .where("id", "=", sessionId)
    .where("status", "=", "pending")
    .executeTakeFirst();
}

/**
 * Claims a message for one paid end: true for the one caller that wrote it. Two workers (or a job
 * run twice) race on this update; only the first finds the column not yet at `endsAt`.
 */
export async function claimNotice(
  db: Executor,
  sessionId: string,
  column: "reminded_for" | "expiry_noticed_for",
  endsAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable("meter_sessions")
    .set({ [column]: endsAt })
    .where("id", "=", sessionId)
    .where("status", "=", "active")
    .where("ends_at", "=", endsAt)
    .where((eb) => eb.or([eb(column, "is", null), eb(column, "<>", endsAt)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertPurchase(db: Executor, purchase: MeterPurchaseRow): Promise<void> {
  await db.insertInto("meter_purchases").values(purchase).execute();
}

export function findPurchase(db: Executor, purchaseId: string) {
  return db.selectFrom("meter_purchases").selectAll().where("id", "=", purchaseId).executeTakeFirst();
}

export function lockPurchase(db: Executor, purchaseId: string) {
  return db
    .selectFrom("meter_purchases")
    .selectAll()
    .where("id", "=", purchaseId)
    .$call(forUpdate(db))
    .executeTakeFirst();
}

export function listPurchasesOfSessions(db: Executor, sessionIds: string[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("meter_purchases")
    .selectAll()
    .where("session_id", "in", sessionIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function settlePurchaseIfPending(db: Executor, purchaseId: string, status: "paid" | "failed", at: string) {
  return db
    .updateTable("meter_purchases")
    .set({ status, updated_at: at })
    .where("id", "=", purchaseId)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/** Whether the ledger holds a charge for the purchase (any state): then only the ledger may settle it. */
export async function hasChargeForPurchase(db: Executor, purchaseId: string): Promise<boolean> {
  const row = await db
    .selectFrom("payments")
    .select("id")
    .where("payable_type", "=", "meter_purchase")
    .where("payable_id", "=", purchaseId)
    .where("kind", "=", "charge")
    .executeTakeFirst();
  return row !== undefined;
}

/** The driver an extend link was made for, unless the account was deleted since. */
export function findDriverOfLink(db: Executor, userId: string) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).where("deleted_at", "is", null).executeTakeFirst();
}

/**
 * A console page of the organisation's zones in sign-code order: a code prefix, one location,
 * keyset on (zone_code, id) after `after`. The zone code is unique, so it alone orders the rows.
 */
export function listZonesOfOrganisation(
  db: Executor,
  scope: { organisationId: string; locationIds: string[] | null },
  query: {
    codePrefix?: string | undefined;
    locationId?: string | undefined;
    after?: { zoneCode: string; id: string } | undefined;
    limit: number;
  },
) {
  return zones(db)
    .select(["locations.organisation_id"])
    .where("locations.organisation_id", "=", scope.organisationId)
    .$if(scope.locationIds !== null, (qb) => qb.where("locations.id", "in", scope.locationIds ?? []))
    .$if(query.locationId !== undefined, (qb) => qb.where("locations.id", "=", query.locationId ?? ""))
    .$if(Boolean(query.codePrefix), (qb) => qb.where("parking_meters.zone_code", "like", `${query.codePrefix}%`))
    .$if(query.after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("parking_meters.zone_code", ">", query.after?.zoneCode ?? ""),
          eb.and([
            eb("parking_meters.zone_code", "=", query.after?.zoneCode ?? ""),
            eb("locations.id", ">", query.after?.id ?? ""),
          ]),
        ]),
      ),
    )
    .orderBy("parking_meters.zone_code")
    .orderBy("locations.id")
    .limit(query.limit)
    .execute();
}

/**
 * The lock order of ARCHITECTURE.md for a purchase: its session, then the purchase. Buying locks the
 * session before it inserts a purchase; settling a charge locked the payment and then updated the
 * purchase and the session, and 20 parallel extensions met in a deadlock on PostgreSQL (issue 21).
 */
export async function lockSessionOfPurchase(tx: Executor, purchaseId: string): Promise<void> {
  const purchase = await findPurchase(tx, purchaseId);
  if (!purchase) return;
  await lockSession(tx, purchase.session_id);
  await lockPurchase(tx, purchaseId);
}

/** The driver's meter sessions still running: paid time not over yet. */
export function listRunningSessionsOfUser(db: Executor, userId: string, now: string) {
  return db
    .selectFrom("meter_sessions")
    .innerJoin("locations", "locations.id", "meter_sessions.location_id")
    .select(["meter_sessions.id", "locations.name as location_name", "meter_sessions.ends_at as until"])
    .where("meter_sessions.user_id", "=", userId)
    .where("meter_sessions.status", "=", "active")
    .where("meter_sessions.ends_at", ">", now)
    .execute();
}
