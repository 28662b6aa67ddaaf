import { addDays, dateIn, startOfDayIn } from "@estaciona/contracts/periods";
import type { TodayReport } from "@estaciona/contracts/schemas/operator";
import type { Executor } from "../../db/database.ts";
import { presentCharge } from "./payments.ts";
import { listLocationsOf, openStaysByLocation } from "./repository/locations.ts";
import { searchCharges } from "./repository/payments.ts";
import { type LocalDays, type RevenueLine, revenueByLocalDay } from "./repository/revenue.ts";
import type { OperatorScope } from "./scope.ts";

/** The console's first screen: each location's open stays, money taken per local day and charges that need a look. */

const DAY_MS = 86_400_000;

/** The last `days` calendar days on each zone's clock, today first, with the instant each begins. */
export function localDays(timeZones: string[], days: number, now: number = Date.now()): LocalDays[] {
  return [...new Set(timeZones)].map((timeZone) => {
    const today = dateIn(timeZone, now);
    return {
      timeZone,
      days: Array.from({ length: days }, (_, back) => {
        const date = addDays(today, -back);
        return { date, startsAt: startOfDayIn(timeZone, date) };
      }),
    };
  });
}

/** Sums the lines that share what `pick` keeps: the chart's days and products, the rails' totals. */
function sumBy<T extends { amount: number }>(
  lines: RevenueLine[],
  pick: (line: RevenueLine) => Omit<T, "amount">,
): T[] {
  const sums = new Map<string, T>();
  for (const line of lines) {
    const key = pick(line);
    const id = JSON.stringify(key);
    const sum = sums.get(id) ?? ({ ...key, amount: 0 } as T);
    sum.amount += line.amount;
    sums.set(id, sum);
  }
  return [...sums.values()];
}

/** Money is grouped by day on each location's clock (docs/decisions/0051), and by rail (docs/decisions/0323). */
export async function todayReport(db: Executor, scope: OperatorScope, days: number): Promise<TodayReport> {
  const locations = await listLocationsOf(db, scope.organisationId, scope.locationIds);
  const ids = locations.map((location) => location.id);
  const since = new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
  const [open, revenue, attention] = await Promise.all([
    openStaysByLocation(db, ids),
    revenueByLocalDay(
      db,
      locations,
      localDays(
        locations.map((location) => location.time_zone),
        days,
      ),
    ),
    searchCharges(db, ids, { from: since, statuses: ["failed", "pending", "requires_action"] }, 20),
  ]);
  return {
    locations: locations.map((location) => ({
      uuid: location.id,
      name: location.name,
      capacity: location.capacity,
      open_stays: open.get(location.id) ?? 0,
    })),
    revenue: sumBy<TodayReport["revenue"][number]>(revenue, ({ day, product, currency }) => ({
      day,
      product,
      currency,
    })),
    revenue_by_rail: sumBy<TodayReport["revenue_by_rail"][number]>(revenue, ({ rail, currency }) => ({
      rail,
      currency,
    })),
    attention: attention.map(presentCharge),
  };
}
