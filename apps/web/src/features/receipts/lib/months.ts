import type { Period } from "../api/receipts.ts";

/** How many months back the history's picker reaches: this month and the twelve before (a year to declare). */
const MONTHS_BACK = 12;

export interface Month {
  /** `YYYY-MM`, the picker's value. */
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
