import type { Country, PayableType } from "@estaciona/contracts";
import { OPEN_VISIT_STATUSES } from "@estaciona/contracts/schemas/parking";
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { changedColumns, compiledOnce, compiledPerShape } from "../../../db/compiled-once.ts";
import { type Executor, forUpdate } from "../../../db/database.ts";
import type { Database, NewRow, Row, RowUpdate } from "../../../db/schema.ts";

export type VisitRow = Row<"visits">;

/** One active vehicle of this driver; another driver's vehicle is simply not found. */
export function findActiveVehicleOfUser(db: Executor, userId: string, vehicleId: string) {
  return db
    .selectFrom("vehicles")
    .selectAll()
    .where("id", "=", vehicleId)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** The active vehicle with this plate and its active owner (a plate is on at most one active account). */
export function findActiveVehicleByPlate(db: Executor, plate: string) {
  return db
    .selectFrom("vehicles")
    .innerJoin("users", "users.id", "vehicles.user_id")
    .selectAll("vehicles")
    .select(["users.status as user_status"])
    .where("vehicles.plate", "=", plate)
    .where("vehicles.deleted_at", "is", null)
    .where("users.deleted_at", "is", null)
    .executeTakeFirst();
}

export async function insertVisit(db: Executor, visit: NewRow<"visits">): Promise<void> {
  await db.insertInto("visits").values(visit).execute();
}

// The statements of the pay path are compiled once (db/compiled-once.ts, docs/decisions/0046).
const visitById = compiledOnce((db, visitId: string) => db.selectFrom("visits").selectAll().where("id", "=", visitId));
export const findVisitById = visitById.first;

/** How long a settled visit's driver has to leave: its location's exit window (undefined: no such visit). */
export const findExitWindowOfVisit = compiledOnce((db, visitId: string) =>
  db
    .selectFrom("visits")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .select("locations.exit_window_minutes")
    .where("visits.id", "=", visitId),
).first;

/** A visit only if it belongs to this driver: another driver's visit is simply not found. */
export const findVisitOfUser = compiledOnce((db, userId: string, visitId: string) =>
  db.selectFrom("visits").selectAll().where("id", "=", visitId).where("user_id", "=", userId),
).first;

/** The vehicle's open visit (there is at most one: the partial unique index). */
export function findOpenVisitOfVehicle(db: Executor, vehicleId: string) {
  return db
    .selectFrom("visits")
    .selectAll()
    .where("vehicle_id", "=", vehicleId)
    .where("status", "in", OPEN_VISIT_STATUSES)
    .executeTakeFirst();
}

/** The vehicle's latest settled visit at a location (a paid car on its way out, or one that just left). */
export function findLatestFinishedVisitAt(db: Executor, vehicleId: string, locationId: string) {
  return db
    .selectFrom("visits")
    .selectAll()
    .where("vehicle_id", "=", vehicleId)
    .where("location_id", "=", locationId)
    .where("status", "=", "finished")
    .orderBy("paid_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Whether a vehicle, or any vehicle of a driver, has an open visit; for a driver, optionally only
 * at locations of one country (a card of that country pays them).
 */
export async function hasOpenVisit(
  db: Executor,
  of: { vehicleId: string } | { userId: string; country?: Country },
): Promise<boolean> {
  let query = db.selectFrom("visits").select("id").where("status", "in", OPEN_VISIT_STATUSES);
  if ("vehicleId" in of) query = query.where("vehicle_id", "=", of.vehicleId);
  else {
    query = query.where("user_id", "=", of.userId);
    if (of.country)
      query = query.where(
        "location_id",
        "in",
        db.selectFrom("locations").select("id").where("country", "=", of.country),
      );
  }
  const row = await query.limit(1).executeTakeFirst();
  return row !== undefined;
}

/** `updateVisitIfStatus`'s statements, compiled once per set of columns and statuses moved from. */
const visitUpdateIfStatus = compiledPerShape<VisitRow>();

/**
 * Moves a visit only if it is still in one of `fromStatuses`: the compare-and-set that makes
 * concurrent settlements safe. Answers the updated row, or undefined when another one won.
 */
export function updateVisitIfStatus(
  db: Executor,
  visitId: string,
  fromStatuses: readonly VisitRow["status"][],
  changes: Omit<RowUpdate<"visits">, "id" | "user_id" | "vehicle_id" | "location_id">,
): Promise<VisitRow | undefined> {
  const changed = changedColumns(changes);
  // The statuses are the statement's own (a caller's fixed list), the columns' values its arguments.
  const statement = visitUpdateIfStatus(
    `${changed.shape} from ${fromStatuses.join()}`,
    changed.values.length + 1,
    (executor, ...values) =>
      executor
        .updateTable("visits")
        .set(changed.set(values))
        .where("id", "=", values[changed.values.length] as string)
        .where("status", "in", fromStatuses)
        .returningAll(),
  );
  return statement.first(db, ...changed.values, visitId);
}

/** Records the moment the vehicle was seen leaving, once. */
export function markVisitExited(db: Executor, visitId: string, at: string, exitDeviceId: string | null) {
  return db
    .updateTable("visits")
    .set({ exited_at: at, exit_device_id: exitDeviceId, updated_at: at })
    .where("id", "=", visitId)
    .where("exited_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** Visit rows with what a list item and a live price need: location tariff and vehicle plate. */
function visitsWithContext(db: Executor) {
  return db
    .selectFrom("visits")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .innerJoin("vehicles", "vehicles.id", "visits.vehicle_id")
    .selectAll("visits")
    .select([
      "locations.name as location_name",
      "locations.time_zone as location_time_zone",
      "vehicles.plate as vehicle_plate",
      "locations.grace_minutes",
      "locations.first_period_minutes",
      "locations.first_period_price",
      "locations.increment_minutes",
      "locations.increment_price",
      "locations.daily_max",
      "locations.tax_rate_bp",
      "locations.convenience_rate_bp",
      "locations.convenience_fixed",
      "locations.card_rate_bp",
      "locations.card_fixed",
    ]);
}

/** Where a page of a driver's visits (newest first) ends: the last row's creation time and id. */
export interface VisitKey {
  created_at: string;
  id: string;
}

export interface VisitListFilter {
  status?: "active" | "past";
  /** Rows after this one in the list's order (keyset paging; the first page has none). */
  after?: VisitKey;
  limit: number;
}

/** The driver's visits from `after` on; read in list order, the index (user_id, created_at, id) answers it. */
const inListOf =
  (userId: string, filter: VisitListFilter) =>
  (eb: ExpressionBuilder<Database, "visits">): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb("visits.user_id", "=", userId)];
    if (filter.status === "active") conditions.push(eb("visits.status", "in", OPEN_VISIT_STATUSES));
    if (filter.status === "past") conditions.push(eb("visits.status", "=", "finished"));
    if (filter.after)
      conditions.push(
        eb(eb.refTuple("visits.created_at", "visits.id"), "<", eb.tuple(filter.after.created_at, filter.after.id)),
      );
    return eb.and(conditions);
  };

export type VisitListRow = Awaited<ReturnType<typeof listVisitsOfUser>>[number];

export function listVisitsOfUser(db: Executor, userId: string, filter: VisitListFilter) {
  return visitsWithContext(db)
    .where(inListOf(userId, filter))
    .orderBy("visits.created_at", "desc")
    .orderBy("visits.id", "desc")
    .limit(filter.limit)
    .execute();
}

/** Only the keys of the next `limit` rows (from the index alone): where the following pages start. */
export function listVisitKeysOfUser(db: Executor, userId: string, filter: VisitListFilter): Promise<VisitKey[]> {
  return db
    .selectFrom("visits")
    .select(["visits.created_at", "visits.id"])
    .where(inListOf(userId, filter))
    .orderBy("visits.created_at", "desc")
    .orderBy("visits.id", "desc")
    .limit(filter.limit)
    .execute();
}

/** The driver's most recent open visit (the home screen's "you are parked" card). */
export function findLatestOpenVisitOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("visits")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "in", OPEN_VISIT_STATUSES)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The vehicle of a visit, deleted or not (history keeps naming it). */
export const findVehicleById = compiledOnce((db, vehicleId: string) =>
  db.selectFrom("vehicles").selectAll().where("id", "=", vehicleId),
).first;

/** The visit's rows in the payments ledger, oldest first, with the card's masked details. */
export const listLedgerRowsOfVisit = (db: Executor, visitId: string) => listLedgerRowsOfPayable(db, "visit", visitId);

/** A payable's rows in the ledger (a visit, an event visit, a valet ticket), oldest first, with the card's masked details. */
export const listLedgerRowsOfPayable = compiledOnce((db, payableType: PayableType, payableId: string) =>
  db
    .selectFrom("payments")
    .leftJoin("payment_methods", "payment_methods.id", "payments.payment_method_id")
    .select([
      "payments.id",
      "payments.kind",
      "payments.status",
      "payments.amount",
      "payments.currency",
      "payments.created_at",
      "payment_methods.brand",
      "payment_methods.last4",
      "payment_methods.wallet",
    ])
    .where("payments.payable_type", "=", payableType)
    .where("payments.payable_id", "=", payableId)
    .orderBy("payments.created_at")
    .orderBy("payments.id"),
).all;

const lockVisitWithLiveCharge = compiledOnce((tx, visitId: string) =>
  tx
    .selectFrom("visits")
    .selectAll("visits")
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom("payments")
            .select("payments.id")
            .where("payments.payable_type", "=", "visit")
            .whereRef("payments.payable_id", "=", "visits.id")
            .where("payments.kind", "=", "charge")
            .where("payments.status", "in", ["pending", "requires_action", "succeeded"]),
        )
        .as("live_charge"),
      eb
        .exists(
          eb
            .selectFrom("payments")
            .select("payments.id")
            .where("payments.payable_type", "=", "visit")
            .whereRef("payments.payable_id", "=", "visits.id"),
        )
        .as("any_payment"),
    ])
    .where("visits.id", "=", visitId)
    .$call(forUpdate(tx)),
).first;

/**
 * The visit locked, whether it has a charge in flight or done, and whether it has any row in the
 * ledger, in one statement: what every settlement of a visit checks first (a free settlement must
 * not race a charge); a pay call that finds no row yet knows the stay's ledger lines for its
 * answer without reading them (decision 0348).
 */
export async function lockVisitForSettlement(
  tx: Executor,
  visitId: string,
): Promise<{ visit: VisitRow; liveCharge: boolean; anyPayment: boolean } | undefined> {
  const row = await lockVisitWithLiveCharge(tx, visitId);
  if (!row) return undefined;
  const { live_charge, any_payment, ...visit } = row;
  // SQLite answers EXISTS as 0 or 1, PostgreSQL as a boolean.
  return { visit, liveCharge: Boolean(live_charge), anyPayment: Boolean(any_payment) };
}

/** Every visit of the driver with its place and plate, oldest first (the personal-data export). */
export function listAllVisitsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("visits")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .innerJoin("vehicles", "vehicles.id", "visits.vehicle_id")
    .select([
      "visits.id",
      "locations.name as location_name",
      "vehicles.plate",
      "visits.status",
      "visits.entered_at",
      "visits.exited_at",
      "visits.paid_at",
      "visits.total",
      "visits.currency",
      "visits.created_at",
    ])
    .where("visits.user_id", "=", userId)
    .orderBy("visits.created_at")
    .orderBy("visits.id")
    .execute();
}

/** The driver's stays not settled yet (started, parked or waiting for payment): each keeps the account (issue 21 item 5). */
export function listOpenVisitsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("visits")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .select(["visits.id", "locations.name as location_name", "visits.exit_deadline as until"])
    .where("visits.user_id", "=", userId)
    .where("visits.status", "in", OPEN_VISIT_STATUSES)
    .execute();
}
