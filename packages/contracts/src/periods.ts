import type { PlanInterval } from "./statuses.ts";

/**
 * A pass's periods (docs/product/passes-and-promo-codes.md), pure and shared: the API bills with it and the SPA shows the
 * exact last day before the driver pays. A pass covers whole calendar days on the lot's clock:
 * period n runs from local midnight of its first day to local midnight after its last day. Months
 * keep the start's day of the month, clamped to shorter months (Jan 31 → Feb 28 → Mar 31), as
 * card networks and Stripe do; a `one_time` plan covers its start day only (docs/decisions/0020).
 */

/** `YYYY-MM-DD`. */
export type CalendarDate = string;

const DAY_MS = 86_400_000;

const parseDate = (date: CalendarDate): [number, number, number] => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
};

const formatDate = (epochDays: number): CalendarDate => new Date(epochDays * DAY_MS).toISOString().slice(0, 10);

const epochDaysOf = (date: CalendarDate): number => {
  const [year, month, day] = parseDate(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
};

export const addDays = (date: CalendarDate, days: number): CalendarDate => formatDate(epochDaysOf(date) + days);

/** `date` plus `months`, keeping the day of the month where the target month has it. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [year, month, day] = parseDate(date);
  const targetMonth = month - 1 + months;
  const lastDay = new Date(Date.UTC(year, targetMonth + 1, 0)).getUTCDate();
  return formatDate(Date.UTC(year, targetMonth, Math.min(day, lastDay)) / DAY_MS);
}

/** The first day after period `n` (1-based) of a pass anchored at `anchor`: its end, exclusive. */
export function periodEndDate(anchor: CalendarDate, interval: PlanInterval, n: number): CalendarDate {
  switch (interval) {
    case "day":
    case "one_time":
      return addDays(anchor, n);
    case "week":
      return addDays(anchor, 7 * n);
    case "month":
      return addMonths(anchor, n);
    case "year":
      return addMonths(anchor, 12 * n);
  }
}

/** The first day of period `n`. */
export const periodStartDate = (anchor: CalendarDate, interval: PlanInterval, n: number): CalendarDate =>
  n === 1 ? anchor : periodEndDate(anchor, interval, n - 1);

/** The last day period `n` covers (inclusive): what a driver is told when they cancel. */
export const periodLastDay = (anchor: CalendarDate, interval: PlanInterval, n: number): CalendarDate =>
  addDays(periodEndDate(anchor, interval, n), -1);

/** Whether the plan renews on its own (a `one_time` plan is paid once). */
export const renews = (interval: PlanInterval): boolean => interval !== "one_time";

/** The calendar date at `at` on a zone's clock. */
export const dateIn = (timeZone: string, at: number): CalendarDate =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

/** How far a zone's clock is ahead of UTC at `at`, in milliseconds. */
function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar day begins on a zone's clock (ISO-8601 UTC). */
export function startOfDayIn(timeZone: string, date: CalendarDate): string {
  const utcMidnight = epochDaysOf(date) * DAY_MS;
  let instant = utcMidnight - zoneOffsetMs(timeZone, utcMidnight);
  // A second pass settles the days a zone's offset changes between UTC midnight and local midnight.
  instant = utcMidnight - zoneOffsetMs(timeZone, instant);
  return new Date(instant).toISOString();
}
