import { addDays, dateIn, startOfDayIn } from "@estaciona/contracts/periods";
import { type Db, inTransaction, lockName, type Tx } from "../../../db/database.ts";
import { nowIso } from "../../../lib/time.ts";
import { type PaymentRow, updatePayment } from "../repository.ts";
import {
  addToRevenueDay,
  deleteRevenueDaysOf,
  findClosing,
  firstPaymentAt,
  insertRevenueDays,
  listLocationsToClose,
  revenueOf,
  saveClosing,
  sumRevenueBetween,
} from "../revenue-days-repository.ts";

/**
 * The console's revenue of closed days, rolled up (docs/decisions/0349). A local day closes an hour
 * after it ends on its location's clock; a job sums each closed day once from the ledger's location
 * index. A ledger row is written with the instant of its writing, so no row is ever inserted into a
 * closed day; a row of a closed day whose status changes what it counts (a charge or a refund settled
 * late) moves its day's amount in the same transaction. The job and that move take the same lock per
 * location, so a settlement is either in the job's sum or moves the row the job wrote.
 */

/** How long after a local day ends it closes: no transaction stamps its row that long before it commits. */
export const CLOSE_AFTER_MS = 3600_000;
/** Days one location's closing sums per transaction: a first closing of a long history goes on at the next run. */
const DAYS_PER_CLOSING = 92;

const DAY_MS = 86_400_000;

const closingLock = (locationId: string) => `revenue_closing:${locationId}`;

/** Closes every location's ended days; the number of days closed (the job's and the bench's report). */
export async function closeRevenueDays(db: Db, now: number = Date.now()): Promise<number> {
  let closed = 0;
  for (const location of await listLocationsToClose(db, new Date(now - 2 * DAY_MS).toISOString())) {
    const openDay = dateIn(location.time_zone, now - CLOSE_AFTER_MS);
    if (location.closed_time_zone === location.time_zone && location.open_day !== null && location.open_day >= openDay)
      continue;
    closed += await inTransaction(db, (tx) => closeDaysOf(tx, location.id, location.time_zone, openDay));
  }
  return closed;
}

/** Sums the location's days from its first open one (else its first sale's) up to `openDay` (excluded), on the zone's clock. */
async function closeDaysOf(tx: Tx, locationId: string, timeZone: string, openDay: string): Promise<number> {
  await lockName(tx, closingLock(locationId));
  const closing = await findClosing(tx, locationId);
  let day: string;
  if (closing && closing.time_zone === timeZone) day = closing.open_day;
  else {
    // A first closing, or the location moved to another zone: its days are cut again from the start.
    await deleteRevenueDaysOf(tx, locationId);
    const first = await firstPaymentAt(tx, locationId);
    day = first === undefined ? openDay : dateIn(timeZone, Date.parse(first));
  }
  let closed = 0;
  for (; day < openDay && closed < DAYS_PER_CLOSING; day = addDays(day, 1), closed++) {
    const sums = await sumRevenueBetween(
      tx,
      locationId,
      startOfDayIn(timeZone, day),
      startOfDayIn(timeZone, addDays(day, 1)),
    );
    await insertRevenueDays(
      tx,
      sums.map((sum) => ({ location_id: locationId, day, ...sum, amount: Number(sum.amount) })),
    );
  }
  await saveClosing(tx, {
    location_id: locationId,
    time_zone: timeZone,
    open_day: day,
    open_from: startOfDayIn(timeZone, day),
    updated_at: nowIso(),
  });
  return closed;
}

/**
 * A ledger row's status changed from `before`'s to `after`'s: if that changes what it counts and the
 * row belongs to a closed day, that day's amount moves by the difference. A row written within the
 * last CLOSE_AFTER_MS is in no closed day, which the pay path's settlements always are: they read nothing.
 */
export async function keepClosedDayExact(tx: Tx, before: PaymentRow, after: PaymentRow): Promise<void> {
  const difference = revenueOf(after) - revenueOf(before);
  if (difference === 0 || after.location_id === null) return;
  if (Date.parse(after.created_at) > Date.now() - CLOSE_AFTER_MS) return;
  await lockName(tx, closingLock(after.location_id));
  const closing = await findClosing(tx, after.location_id);
  if (!closing || after.created_at >= closing.open_from) return;
  await addToRevenueDay(tx, {
    location_id: after.location_id,
    day: dateIn(closing.time_zone, Date.parse(after.created_at)),
    product: after.payable_type,
    rail: after.rail,
    currency: after.currency,
    amount: difference,
  });
}

/** Every change of a ledger row after its insert: the row, and its closed day's revenue if it had one. */
export async function updateLedgerRow(
  tx: Tx,
  before: PaymentRow,
  changes: Parameters<typeof updatePayment>[2],
): Promise<PaymentRow> {
  const after = await updatePayment(tx, before.id, changes);
  await keepClosedDayExact(tx, before, after);
  return after;
}
