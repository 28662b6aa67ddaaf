import type { Period } from "../api/receipts.ts";

/** How many months back the history's picker reaches: this month and the twelve before. */
const MONTHS_BACK = 12;

export interface Month {
  /** `YYYY-MM` for a month, `YYYY` for a whole year: the picker's value. */
  value: string;
  /** "noviembre de 2026" / "November 2026": in the screen's language, never the browser's locale. */
  label: string;
  period: Period;
}

/**
 * The months the history offers, newest first. A month runs from its first midnight to the next
 * month's on the phone's own clock (docs/decisions/0187: the browser computes the period's instants).
 */
export function recentMonths(now: Date, locale: string): Month[] {
  const name = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" });
  return Array.from({ length: MONTHS_BACK + 1 }, (_, back) => {
    const start = new Date(now.getFullYear(), now.getMonth() - back, 1);
    const end = new Date(start.getFullYear(), start.getMonth() + 1, 1);
    const label = name.format(start);
    return {
      value: `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, "0")}`,
      label: label.charAt(0).toLocaleUpperCase(locale) + label.slice(1),
      period: { from: start.toISOString(), to: end.toISOString() },
    };
  });
}

/**
 * This year so far and all of last year, for a statement to declare (docs/decisions/0235): each
 * from its first midnight on the phone's clock, at most 366 days, the longest period the API reads.
 */
export function recentYears(now: Date, yearLabel: (year: number) => string): Month[] {
  return [now.getFullYear(), now.getFullYear() - 1].map((year) => ({
    value: String(year),
    label: yearLabel(year),
    period: { from: new Date(year, 0, 1).toISOString(), to: new Date(year + 1, 0, 1).toISOString() },
  }));
}
