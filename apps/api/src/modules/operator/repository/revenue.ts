import type { PayableType } from "@estaciona/contracts";
import type { PaymentRail } from "@estaciona/contracts/payment-rails";
import { sql } from "kysely";
import type { Executor } from "../../../db/database.ts";
import type { Row } from "../../../db/schema.ts";
import { isRevenue, signedAmount } from "../../payments/ledger.ts";

/** The console's revenue per local day: closed days from their rollup, the days still open from the ledger. */

/** Where each local day begins on a zone's clock: `days` (date, first instant in ISO UTC), newest first. */
export interface LocalDays {
  timeZone: string;
  days: Array<{ date: string; startsAt: string }>;
}

export interface RevenueLine {
  day: string;
  product: PayableType;
  rail: PaymentRail;
  currency: "mxn" | "usd";
  amount: number;
}

/**
 * Money taken per day on each location's own clock, product, rail and currency: charges that succeeded
 * (or were refunded later) minus the refunds that succeeded, each on its own day (`isRevenue`).
 *
 * A location's days before its first open one are read from `revenue_days` (docs/decisions/0349), a
 * few rows a day whatever the lot sells, when they were cut on the location's present clock; its open
 * days, and all of a location never closed or since moved to another zone, are summed from the ledger.
 */
export async function revenueByLocalDay(
  db: Executor,
  locations: Pick<Row<"locations">, "id" | "time_zone">[],
  zones: LocalDays[],
): Promise<RevenueLine[]> {
  const earliest = zones
    .flatMap((zone) => zone.days.map((day) => day.startsAt))
    .sort()
    .at(0);
  if (locations.length === 0 || earliest === undefined) return [];
  const closings = new Map(
    (
      await closingsOf(
        db,
        locations.map((location) => location.id),
      )
    ).map((closing) => [closing.location_id, closing]),
  );
  const rolledUp: Pick<Row<"locations">, "id" | "time_zone">[] = [];
  // The locations whose ledger is summed from each instant on: usually all from one (one job closes them).
  const liveSince = new Map<string, string[]>();
  for (const location of locations) {
    const closing = closings.get(location.id);
    const fromRollup = closing?.time_zone === location.time_zone && closing.open_from > earliest;
    if (fromRollup) rolledUp.push(location);
    const since = fromRollup ? closing.open_from : earliest;
    liveSince.set(since, [...(liveSince.get(since) ?? []), location.id]);
  }
  const parts = await Promise.all([
    closedDays(db, rolledUp, zones),
    ...[...liveSince].map(([since, ids]) => openDays(db, ids, zones, since)),
  ]);
  return sumLines(parts.flat());
}

function closingsOf(db: Executor, locationIds: string[]) {
  return db
    .selectFrom("revenue_closings")
    .select(["location_id", "time_zone", "open_from"])
    .where("location_id", "in", locationIds)
    .execute();
}

/** The rolled-up days of these locations within each one's zone's days (by the primary key's ranges). */
async function closedDays(
  db: Executor,
  locations: Pick<Row<"locations">, "id" | "time_zone">[],
  zones: LocalDays[],
): Promise<RevenueLine[]> {
  if (locations.length === 0) return [];
  const daysOf = new Map(zones.map((zone) => [zone.timeZone, new Set(zone.days.map((day) => day.date))]));
  const zoneOf = new Map(locations.map((location) => [location.id, location.time_zone]));
  const first = zones
    .flatMap((zone) => zone.days.map((day) => day.date))
    .sort()
    .at(0);
  const rows = await db
    .selectFrom("revenue_days")
    .select(["location_id", "day", "product", "rail", "currency", "amount"])
    .where("location_id", "in", [...zoneOf.keys()])
    .where("day", ">=", first ?? "")
    .execute();
  return rows
    .filter((row) => daysOf.get(zoneOf.get(row.location_id) ?? "")?.has(row.day))
    .map(({ location_id: _, ...line }) => ({ ...line, amount: Number(line.amount) }));
}

/**
 * The ledger's revenue since an instant: the day is read from the payment's instant against the local
 * midnights of its location's zone (computed by the caller), so the same query holds on SQLite, which
 * knows no time zones, and on PostgreSQL. Every column it reads of `payments` is in the index
 * `payments_location_list`, so it reads that index alone, one range per location, and joins only each
 * location's zone (docs/decisions/0346).
 */
async function openDays(db: Executor, locationIds: string[], zones: LocalDays[], since: string) {
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
    .where("payments.created_at", ">=", since)
    .where(isRevenue)
    .select([
      dayOf.as("day"),
      "payments.payable_type as product",
      "payments.rail",
      "payments.currency",
      signedAmount.as("signed"),
    ]);
  const rows = await db
    .selectFrom(inner.as("money"))
    .select((eb) => [
      "money.day",
      "money.product",
      "money.rail",
      "money.currency",
      eb.fn.sum<number>("money.signed").as("amount"),
    ])
    .where("money.day", "is not", null)
    .groupBy(["money.day", "money.product", "money.rail", "money.currency"])
    .execute();
  return rows.map((row) => ({ ...row, day: row.day ?? "", amount: Number(row.amount) }));
}

/** One line per day, product, rail and currency, in that order, whether it came from the rollup or the ledger. */
function sumLines(lines: RevenueLine[]): RevenueLine[] {
  const sums = new Map<string, RevenueLine>();
  for (const line of lines) {
    const key = [line.day, line.product, line.rail, line.currency].join(" ");
    const sum = sums.get(key);
    if (sum) sum.amount += line.amount;
    else sums.set(key, { ...line });
  }
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line);
}
