const DAY_MS = 86_400_000;

/** A calendar date ("2026-11-26") as the instant its UTC midnight starts: date arithmetic without a clock's zone. */
const dateMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The `count` calendar days the revenue chart shows, oldest first, ending today or on the latest
 * day that took money if a lot's clock is already past the operator's midnight. Days without money
 * are in it too: a week reads as seven bars, a quiet day as an empty one.
 */
export function revenueWindow(daysWithMoney: string[], count: number, today: string): string[] {
  const last = [today, ...daysWithMoney].sort().at(-1) ?? today;
  return Array.from({ length: count }, (_, index) =>
    new Date(dateMs(last) - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** A calendar date in the reader's language, never shifted by their zone: "26 nov" / "Nov 26", or "jue 26 de nov" / "Thu, Nov 26". */
export function calendarDay(day: string, locale: string, withWeekday: boolean): string {
  return new Intl.DateTimeFormat(locale, {
    ...(withWeekday ? { weekday: "short" } : {}),
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(dateMs(day));
}

/** Today's date on this device's clock, the operator's, as the report's days are written. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
