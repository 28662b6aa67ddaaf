import { type ExpressionBuilder, sql } from "kysely";
import { type Executor, forUpdate } from "../../db/database.ts";
import type { Database, NewRow, RowUpdate } from "../../db/schema.ts";

/** Every query of the operator console. Callers pass the ids of the locations in the caller's scope. */

export function findMembership(db: Executor, userId: string) {
  return db.selectFrom("operator_memberships").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export async function grantedLocationIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("operator_location_grants")
    .select("location_id")
    .where("user_id", "=", userId)
    .orderBy("location_id")
    .execute();
  return rows.map((row) => row.location_id);
}

export function findOrganisation(db: Executor, organisationId: string) {
  return db.selectFrom("organisations").selectAll().where("id", "=", organisationId).executeTakeFirstOrThrow();
}

/** The organisation's locations, all or only `onlyIds`, by name. */
export function listLocationsOf(db: Executor, organisationId: string, onlyIds: string[] | null) {
  return db
    .selectFrom("locations")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .$if(onlyIds !== null, (qb) => qb.where("id", "in", onlyIds?.length ? onlyIds : [""]))
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function insertLocation(db: Executor, location: NewRow<"locations">): Promise<void> {
  await db.insertInto("locations").values(location).execute();
}

export function updateLocation(db: Executor, locationId: string, changes: RowUpdate<"locations">) {
  return db.updateTable("locations").set(changes).where("id", "=", locationId).returningAll().executeTakeFirstOrThrow();
}

/** Stays still open (entered and not settled) per location. */
export async function openStaysByLocation(db: Executor, locationIds: string[]): Promise<Map<string, number>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("visits")
    .select(["location_id", (eb) => eb.fn.countAll<number>().as("open")])
    .where("location_id", "in", locationIds)
    .where("status", "in", ["in_progress", "pending_payment"])
    .groupBy("location_id")
    .execute();
  return new Map(rows.map((row) => [row.location_id, Number(row.open)]));
}

// Devices

const deviceColumns = [
  "devices.id",
  "devices.device_id",
  "devices.name",
  "devices.kind",
  "devices.direction",
  "devices.revoked_at",
  "devices.created_at",
  "devices.location_id",
  "locations.name as location_name",
  "locations.organisation_id",
] as const;

export function listDevicesAt(db: Executor, locationIds: string[]) {
  return db
    .selectFrom("devices")
    .innerJoin("locations", "locations.id", "devices.location_id")
    .select(deviceColumns)
    .where("devices.location_id", "in", locationIds.length ? locationIds : [""])
    .orderBy("locations.name")
    .orderBy("devices.device_id")
    .execute();
}

export function findDeviceWithLocation(db: Executor, deviceId: string) {
  return db
    .selectFrom("devices")
    .innerJoin("locations", "locations.id", "devices.location_id")
    .select(deviceColumns)
    .where("devices.id", "=", deviceId)
    .executeTakeFirst();
}

export async function updateDevice(db: Executor, deviceId: string, changes: RowUpdate<"devices">): Promise<void> {
  await db.updateTable("devices").set(changes).where("id", "=", deviceId).execute();
}

// Payments

/**
 * Charges with their location, driver and plate, read from the ledger alone: every charge records
 * its location and vehicle when it is made (docs/decisions/0105); refunds are read as lines of
 * their charge.
 */
const chargesIn = (db: Executor, locationIds: string[]) =>
  db
    .selectFrom("payments")
    .innerJoin("locations", "locations.id", "payments.location_id")
    .innerJoin("users", "users.id", "payments.user_id")
    .leftJoin("vehicles", "vehicles.id", "payments.vehicle_id")
    .where("payments.location_id", "in", locationIds.length ? locationIds : [""])
    .where("payments.kind", "=", "charge")
    .select((eb) => [
      "payments.id",
      "payments.kind",
      "payments.status",
      "payments.payable_type",
      "payments.payable_id",
      "payments.user_id",
      "payments.currency",
      "payments.subtotal",
      "payments.convenience_fee",
      "payments.processing_fee",
      "payments.tax",
      "payments.amount",
      "payments.gateway",
      "payments.provider_ref",
      "payments.description",
      "payments.created_at",
      "locations.id as location_id",
      "locations.name as location_name",
      "users.phone",
      "users.deleted_at as driver_deleted_at",
      "vehicles.plate",
      eb
        .selectFrom("payments as refunds")
        .select((r) => r.fn.coalesce(r.fn.sum<number>("refunds.amount"), r.lit(0)).as("sum"))
        .whereRef("refunds.parent_payment_id", "=", "payments.id")
        .where("refunds.kind", "=", "refund")
        .where("refunds.status", "=", "succeeded")
        .as("refunded"),
    ]);

export type ChargeRow = Awaited<ReturnType<ReturnType<typeof chargesIn>["execute"]>>[number];

export interface ChargeFilters {
  from?: string;
  /** Exclusive. */
  until?: string;
  locationId?: string;
  plate?: string;
  phoneDigits?: string;
  status?: ChargeRow["status"];
  statuses?: ChargeRow["status"][];
  /** Keyset: rows strictly older than this `created_at`, `id`. */
  before?: { createdAt: string; id: string };
}

/** A page of charges, newest first (keyset paging on `created_at`, `id`). */
export function searchCharges(db: Executor, locationIds: string[], filters: ChargeFilters, limit: number) {
  const { before } = filters;
  return chargesIn(db, locationIds)
    .$if(filters.from !== undefined, (qb) => qb.where("payments.created_at", ">=", filters.from ?? ""))
    .$if(filters.until !== undefined, (qb) => qb.where("payments.created_at", "<", filters.until ?? ""))
    .$if(filters.locationId !== undefined, (qb) => qb.where("locations.id", "=", filters.locationId ?? ""))
    .$if(filters.plate !== undefined, (qb) => qb.where("vehicles.plate", "=", filters.plate ?? ""))
    .$if(filters.phoneDigits !== undefined, (qb) => qb.where("users.phone", "like", `%${filters.phoneDigits}`))
    .$if(filters.status !== undefined, (qb) => qb.where("payments.status", "=", filters.status ?? "pending"))
    .$if(filters.statuses !== undefined, (qb) => qb.where("payments.status", "in", filters.statuses ?? []))
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("payments.created_at", "<", before?.createdAt ?? ""),
          eb.and([eb("payments.created_at", "=", before?.createdAt ?? ""), eb("payments.id", "<", before?.id ?? "")]),
        ]),
      ),
    )
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id", "desc")
    .limit(limit)
    .execute();
}

export function findChargeIn(db: Executor, locationIds: string[], paymentId: string) {
  return chargesIn(db, locationIds).where("payments.id", "=", paymentId).executeTakeFirst();
}

/** The charge and its refunds, in order: the ledger lines of one payment. */
export function ledgerLinesOf(db: Executor, chargeId: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where((eb) => eb.or([eb("id", "=", chargeId), eb("parent_payment_id", "=", chargeId)]))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Where each local day begins on a zone's clock: `days` (date, first instant in ISO UTC), newest first. */
export interface LocalDays {
  timeZone: string;
  days: Array<{ date: string; startsAt: string }>;
}

/**
 * Money taken per day on each location's own clock, product and currency: charges that succeeded
 * (or were refunded later) minus the refunds that succeeded, each on its own day. The day is read
 * from the payment's instant against the local midnights of its location's zone (computed by the
 * caller), so the same query holds on SQLite, which knows no time zones, and on PostgreSQL: a
 * payment at 01:00 UTC in Mexico City counts on the previous day there.
 */
export async function revenueByLocalDay(db: Executor, locationIds: string[], zones: LocalDays[]) {
  const earliest = zones
    .flatMap((zone) => zone.days.map((day) => day.startsAt))
    .sort()
    .at(0);
  if (locationIds.length === 0 || earliest === undefined) return [];
  const dayOf = sql<string | null>`case locations.time_zone ${sql.join(
    zones.map(
      (zone) =>
        sql`when ${zone.timeZone} then case ${sql.join(
          zone.days.map((day) => sql`when payments.created_at >= ${day.startsAt} then ${day.date}`),
          sql` `,
        )} end`,
    ),
    sql` `,
  )} end`;
  const inner = db
    .selectFrom("payments")
    .innerJoin("locations", "locations.id", "payments.location_id")
    .where("payments.location_id", "in", locationIds)
    .where("payments.created_at", ">=", earliest)
    .where((eb) =>
      eb.or([
        eb.and([eb("payments.kind", "=", "charge"), eb("payments.status", "in", ["succeeded", "refunded"])]),
        eb.and([eb("payments.kind", "=", "refund"), eb("payments.status", "=", "succeeded")]),
      ]),
    )
    .select([
      dayOf.as("day"),
      "payments.payable_type as product",
      "payments.currency",
      sql<number>`case when payments.kind = 'charge' then payments.amount else -payments.amount end`.as("signed"),
    ]);
  const rows = await db
    .selectFrom(inner.as("money"))
    .select((eb) => ["money.day", "money.product", "money.currency", eb.fn.sum<number>("money.signed").as("amount")])
    .where("money.day", "is not", null)
    .groupBy(["money.day", "money.product", "money.currency"])
    .orderBy("money.day")
    .orderBy("money.product")
    .execute();
  return rows.map((row) => ({ ...row, day: row.day ?? "", amount: Number(row.amount) }));
}

// Drivers

/** Drivers who parked at one of the locations, by the end of their phone or a plate they used. */
export function searchDriversAt(db: Executor, locationIds: string[], search: { phoneDigits?: string; plate?: string }) {
  return db
    .selectFrom("users")
    .select(["users.id", "users.phone", "users.first_name", "users.last_name", "users.status"])
    .where("users.deleted_at", "is", null)
    .where((eb) => customerAt(eb, locationIds))
    .$if(search.phoneDigits !== undefined, (qb) => qb.where("users.phone", "like", `%${search.phoneDigits}`))
    .$if(search.plate !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom("vehicles")
            .select("vehicles.id")
            .whereRef("vehicles.user_id", "=", "users.id")
            .where("vehicles.plate", "=", search.plate ?? ""),
        ),
      ),
    )
    .orderBy("users.phone")
    .limit(20)
    .execute();
}

/**
 * A driver is the organisation's customer once they parked, bought a pass, paid a meter, bought
 * event parking or left a car with the valet at one of its locations: the console may find them
 * and see what they did there, and nobody else.
 */
function customerAt(eb: ExpressionBuilder<Database, "users">, locationIds: string[]) {
  const at = locationIds.length ? locationIds : [""];
  return eb.or([
    eb.exists(
      eb
        .selectFrom("visits")
        .select("visits.id")
        .whereRef("visits.user_id", "=", "users.id")
        .where("visits.location_id", "in", at),
    ),
    eb.exists(
      eb
        .selectFrom("subscriptions")
        .select("subscriptions.id")
        .whereRef("subscriptions.user_id", "=", "users.id")
        .where("subscriptions.location_id", "in", at),
    ),
    eb.exists(
      eb
        .selectFrom("meter_sessions")
        .select("meter_sessions.id")
        .whereRef("meter_sessions.user_id", "=", "users.id")
        .where("meter_sessions.location_id", "in", at),
    ),
    eb.exists(
      eb
        .selectFrom("event_visits")
        .innerJoin("events", "events.id", "event_visits.event_id")
        .select("event_visits.id")
        .whereRef("event_visits.user_id", "=", "users.id")
        .where("events.location_id", "in", at),
    ),
    eb.exists(
      eb
        .selectFrom("valet_tickets")
        .select("valet_tickets.id")
        .whereRef("valet_tickets.user_id", "=", "users.id")
        .where("valet_tickets.location_id", "in", at),
    ),
  ]);
}

export async function isCustomerAt(db: Executor, userId: string, locationIds: string[]): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("users.id")
    .where("users.id", "=", userId)
    .where((eb) => customerAt(eb, locationIds))
    .executeTakeFirst();
  return row !== undefined;
}

/** The driver's passes at these locations, newest first. */
export function passesOfUserAt(db: Executor, userId: string, locationIds: string[]) {
  return db
    .selectFrom("subscriptions")
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .innerJoin("locations", "locations.id", "subscriptions.location_id")
    .innerJoin("vehicles", "vehicles.id", "subscriptions.vehicle_id")
    .select([
      "subscriptions.id",
      "subscriptions.status",
      "subscriptions.created_at",
      "subscriptions.ended_at",
      "plans.name as plan_name",
      "plans.cost",
      "plans.currency",
      "locations.name as location_name",
      "vehicles.plate",
    ])
    .where("subscriptions.user_id", "=", userId)
    .where("subscriptions.location_id", "in", locationIds.length ? locationIds : [""])
    .orderBy("subscriptions.created_at", "desc")
    .limit(50)
    .execute();
}

export function vehiclesOfUser(db: Executor, userIds: string[]) {
  return db
    .selectFrom("vehicles")
    .select(["id", "user_id", "plate", "state", "deleted_at"])
    .where("user_id", "in", userIds.length ? userIds : [""])
    .orderBy("created_at")
    .execute();
}

export function staysOfUserAt(db: Executor, userId: string, locationIds: string[]) {
  return db
    .selectFrom("visits")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .innerJoin("vehicles", "vehicles.id", "visits.vehicle_id")
    .select([
      "visits.id",
      "visits.status",
      "visits.entered_at",
      "visits.total",
      "visits.currency",
      "locations.name as location_name",
      "vehicles.plate",
    ])
    .where("visits.user_id", "=", userId)
    .where("visits.location_id", "in", locationIds.length ? locationIds : [""])
    .orderBy("visits.created_at", "desc")
    .limit(50)
    .execute();
}

export async function setUserStatus(db: Executor, userId: string, status: "active" | "suspended", at: string) {
  await db.updateTable("users").set({ status, updated_at: at }).where("id", "=", userId).execute();
}

// Operators

export function listMembersOf(db: Executor, organisationId: string) {
  return db
    .selectFrom("operator_memberships")
    .innerJoin("users", "users.id", "operator_memberships.user_id")
    .select([
      "users.id",
      "users.phone",
      "users.first_name",
      "users.last_name",
      "operator_memberships.organisation_id",
      "operator_memberships.platform",
    ])
    .where("operator_memberships.organisation_id", "=", organisationId)
    .where("users.deleted_at", "is", null)
    .orderBy("users.phone")
    .execute();
}

export async function grantsOf(db: Executor, userIds: string[]): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom("operator_location_grants")
    .select(["user_id", "location_id"])
    .where("user_id", "in", userIds.length ? userIds : [""])
    .orderBy("location_id")
    .execute();
  const grants = new Map<string, string[]>();
  for (const row of rows) grants.set(row.user_id, [...(grants.get(row.user_id) ?? []), row.location_id]);
  return grants;
}

export async function insertMembership(db: Executor, membership: NewRow<"operator_memberships">): Promise<void> {
  await db.insertInto("operator_memberships").values(membership).execute();
}

export async function replaceGrants(db: Executor, userId: string, locationIds: string[]): Promise<void> {
  await db.deleteFrom("operator_location_grants").where("user_id", "=", userId).execute();
  if (locationIds.length > 0)
    await db
      .insertInto("operator_location_grants")
      .values(locationIds.map((location_id) => ({ user_id: userId, location_id })))
      .execute();
}

/** Takes a member out of their organisation: no membership, no grants, back to a driver's role. */
export async function removeMembership(db: Executor, userId: string, at: string): Promise<void> {
  await db.deleteFrom("operator_location_grants").where("user_id", "=", userId).execute();
  await db.deleteFrom("operator_memberships").where("user_id", "=", userId).execute();
  await db.updateTable("users").set({ role: "driver", updated_at: at }).where("id", "=", userId).execute();
}

/** Locks the organisation's row: changes to its team are made one at a time (the last-operator rule). */
export function lockOrganisation(db: Executor, organisationId: string) {
  return db
    .selectFrom("organisations")
    .select("id")
    .where("id", "=", organisationId)
    .$call(forUpdate(db))
    .executeTakeFirst();
}

/** Members of the organisation who see every location (no grants), other than `exceptUserId`. */
export async function countWholeMembers(db: Executor, organisationId: string, exceptUserId: string): Promise<number> {
  const row = await db
    .selectFrom("operator_memberships")
    .innerJoin("users", "users.id", "operator_memberships.user_id")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("operator_memberships.organisation_id", "=", organisationId)
    .where("operator_memberships.user_id", "<>", exceptUserId)
    .where("users.deleted_at", "is", null)
    .where("users.status", "=", "active")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("operator_location_grants")
            .select("operator_location_grants.user_id")
            .whereRef("operator_location_grants.user_id", "=", "operator_memberships.user_id"),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// Organisations (platform role)

export function listOrganisationsWithCounts(db: Executor) {
  return db
    .selectFrom("organisations")
    .selectAll("organisations")
    .select((eb) => [
      eb
        .selectFrom("operator_memberships")
        .select((m) => m.fn.countAll<number>().as("n"))
        .whereRef("operator_memberships.organisation_id", "=", "organisations.id")
        .as("operators"),
      eb
        .selectFrom("locations")
        .select((l) => l.fn.countAll<number>().as("n"))
        .whereRef("locations.organisation_id", "=", "organisations.id")
        .as("locations"),
    ])
    .orderBy("organisations.name")
    .orderBy("organisations.id")
    .execute();
}

export function findOrganisationById(db: Executor, organisationId: string) {
  return db.selectFrom("organisations").selectAll().where("id", "=", organisationId).executeTakeFirst();
}

export async function insertOrganisation(db: Executor, organisation: NewRow<"organisations">): Promise<void> {
  await db.insertInto("organisations").values(organisation).execute();
}

export async function makeAdmin(db: Executor, userId: string, at: string): Promise<void> {
  await db.updateTable("users").set({ role: "admin", updated_at: at }).where("id", "=", userId).execute();
}

// Audit

export async function insertAudit(db: Executor, entry: NewRow<"audit_log">): Promise<void> {
  await db.insertInto("audit_log").values(entry).execute();
}

export function listAuditOf(
  db: Executor,
  organisationId: string,
  before: { createdAt: string; id: string } | undefined,
  limit: number,
) {
  return db
    .selectFrom("audit_log")
    .innerJoin("users", "users.id", "audit_log.actor_user_id")
    .selectAll("audit_log")
    .select(["users.first_name", "users.last_name", "users.phone"])
    .where("audit_log.organisation_id", "=", organisationId)
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("audit_log.created_at", "<", before?.createdAt ?? ""),
          eb.and([eb("audit_log.created_at", "=", before?.createdAt ?? ""), eb("audit_log.id", "<", before?.id ?? "")]),
        ]),
      ),
    )
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(limit)
    .execute();
}
