import { PostgresAdapter, sql } from "kysely";
import { compiledOnce } from "../../../db/compiled-once.ts";
import type { Executor } from "../../../db/database.ts";
import type { Row } from "../../../db/schema.ts";
import type { LocationWithOperator } from "../locations/repository.ts";
import type { VisitRow } from "./repository.ts";

/**
 * Every column of a lot and of a vehicle, named once here: the pay call reads them in the stay's
 * own statement, each table's as one JSON object (`lot`, `vehicle`), so that no column of one
 * table hides a column of another. The `satisfies` makes a column added to either table a type
 * error here until it is listed.
 */
const LOT_COLUMNS = Object.keys({
  id: 0,
  organisation_id: 0,
  name: 0,
  short_name: 0,
  address: 0,
  lat: 0,
  lng: 0,
  time_zone: 0,
  country: 0,
  currency: 0,
  kind: 0,
  is_freeflow: 0,
  grace_minutes: 0,
  first_period_minutes: 0,
  first_period_price: 0,
  increment_minutes: 0,
  increment_price: 0,
  daily_max: 0,
  tax_rate_bp: 0,
  convenience_rate_bp: 0,
  convenience_fixed: 0,
  card_rate_bp: 0,
  card_fixed: 0,
  capacity: 0,
  exit_window_minutes: 0,
  invoice_window_days: 0,
  email_domain: 0,
  active: 0,
  invoicing: 0,
  invoice_discounted: 0,
  created_at: 0,
} satisfies Record<keyof Row<"locations">, 0>);

const OPERATOR_COLUMNS = {
  name: "operator_name",
  contact_email: "operator_contact_email",
  contact_phone: "operator_contact_phone",
} as const;

const VEHICLE_COLUMNS = Object.keys({
  id: 0,
  user_id: 0,
  plate: 0,
  state: 0,
  country: 0,
  brand: 0,
  model: 0,
  year: 0,
  color: 0,
  created_at: 0,
  updated_at: 0,
  deleted_at: 0,
} satisfies Record<keyof Row<"vehicles">, 0>);

/**
 * Every column of a card, as the JSON object `card`: the card the pay call charges is read in the
 * stay's statement too (decision 0348).
 */
const CARD_COLUMNS = Object.keys({
  id: 0,
  user_id: 0,
  gateway: 0,
  country: 0,
  customer_ref: 0,
  card_ref: 0,
  brand: 0,
  last4: 0,
  exp_month: 0,
  exp_year: 0,
  holder_name: 0,
  funding: 0,
  wallet: 0,
  is_default: 0,
  free_flow: 0,
  verified_at: 0,
  created_at: 0,
  updated_at: 0,
  deleted_at: 0,
} satisfies Record<keyof Row<"payment_methods">, 0>);

/**
 * Columns as one JSON object column, `[key, column]` each: the stay's read answers its lot, vehicle
 * and card in three columns rather than sixty. A driver builds a row's fields per column on every
 * read (node-postgres's field map alone was the path's largest cost of its own on PostgreSQL,
 * decision 0357). The values keep their types: text, integers and reals only (decision 0003).
 */
function jsonObject(db: Executor, pairs: readonly (readonly [string, string])[]) {
  const body = sql.join(pairs.map(([key, column]) => sql`${sql.lit(key)}, ${sql.ref(column)}`));
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql`json_build_object(${body})`
    : sql`json_object(${body})`;
}

/** A JSON object column as the driver answers it: parsed already on PostgreSQL (`json`), text on SQLite. */
const parsed = (value: unknown): Record<string, unknown> | null =>
  typeof value === "string"
    ? (JSON.parse(value) as Record<string, unknown>)
    : (value as Record<string, unknown> | null);

/**
 * The pay call's first read, one statement (one round trip on PostgreSQL, where it took four,
 * decisions 0344 and 0348): the driver's visit, whether a charge of this driver already holds the
 * request's Idempotency-Key (its id; the charge is read only then, a retry's rare case), the
 * visit's lot with its operator, its vehicle, and the card to charge (`card`, joined by the
 * caller). The key's predicate is `findChargeByIdempotencyKey`'s, written out for the partial
 * unique index `payments_user_key` (SQLite uses a partial index only when the query states it
 * literally).
 */
const visitToPay = (db: Executor, userId: string, visitId: string, key: string) =>
  db
    .selectFrom("visits")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .innerJoin("organisations", "organisations.id", "locations.organisation_id")
    .innerJoin("vehicles", "vehicles.id", "visits.vehicle_id")
    .selectAll("visits")
    .select((eb) => [
      eb
        .selectFrom("payments")
        .select("payments.id")
        .whereRef("payments.user_id", "=", "visits.user_id")
        .where("payments.idempotency_key", "=", key)
        .where(sql<boolean>`payments.kind = 'charge' and payments.idempotency_key is not null`)
        .as("charge_under_key"),
      jsonObject(db, [
        ...LOT_COLUMNS.map((column) => [column, `locations.${column}`] as const),
        ...Object.entries(OPERATOR_COLUMNS).map(([column, alias]) => [alias, `organisations.${column}`] as const),
      ]).as("lot"),
      jsonObject(
        db,
        VEHICLE_COLUMNS.map((column) => [column, `vehicles.${column}`] as const),
      ).as("vehicle"),
      // A driver with no card to charge here has none: null, not an object of nulls.
      sql<unknown>`case when card.id is null then null else ${jsonObject(
        db,
        CARD_COLUMNS.map((column) => [column, `card.${column}`] as const),
      )} end`.as("card"),
    ])
    .where("visits.id", "=", visitId)
    .where("visits.user_id", "=", userId);

/**
 * The two cards a pay call may charge, each joined to the stay's read:
 * - `defaultCard`: the driver's default card in the lot's country, verified and no wallet's
 *   one-off method (the payments module's `findCardToCharge` without the freeflow flag);
 * - `namedCard`: the card the driver names, if it is theirs and not removed (`findCardOfUser`;
 *   whether it can pay is the ledger's check).
 */
const visitToPayWith = {
  defaultCard: compiledOnce((db, userId: string, visitId: string, key: string) =>
    visitToPay(db, userId, visitId, key).leftJoin("payment_methods as card", (join) =>
      join
        .onRef("card.user_id", "=", "visits.user_id")
        .onRef("card.country", "=", "locations.country")
        .on("card.is_default", "=", 1)
        .on("card.deleted_at", "is", null)
        .on("card.verified_at", "is not", null)
        .on("card.wallet", "is", null),
    ),
  ),
  namedCard: compiledOnce((db, userId: string, visitId: string, key: string, cardId: string) =>
    visitToPay(db, userId, visitId, key).leftJoin("payment_methods as card", (join) =>
      join.on("card.id", "=", cardId).onRef("card.user_id", "=", "visits.user_id").on("card.deleted_at", "is", null),
    ),
  ),
};

export interface VisitToPay {
  visit: VisitRow;
  /** The id of this driver's charge under the request's key, if there is one. */
  chargeUnderKey: string | null;
  location: LocationWithOperator;
  vehicle: Row<"vehicles">;
  /** The card named, or else the default card of the lot's country; null when there is none. */
  card: Row<"payment_methods"> | null;
}

/**
 * The driver's visit to pay, with its lot, operator, vehicle and the card to charge: `cardId`'s
 * when the driver names one, else the default (undefined: not this driver's visit).
 */
export async function findVisitToPay(
  db: Executor,
  userId: string,
  visitId: string,
  key: string,
  cardId: string | undefined,
): Promise<VisitToPay | undefined> {
  const row = (
    cardId === undefined
      ? await visitToPayWith.defaultCard.first(db, userId, visitId, key)
      : await visitToPayWith.namedCard.first(db, userId, visitId, key, cardId)
  ) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  const { charge_under_key, lot, vehicle, card, ...visit } = row;
  return {
    visit: visit as VisitRow,
    chargeUnderKey: (charge_under_key as string | null) ?? null,
    location: parsed(lot) as LocationWithOperator,
    vehicle: parsed(vehicle) as Row<"vehicles">,
    card: parsed(card) as Row<"payment_methods"> | null,
  };
}
