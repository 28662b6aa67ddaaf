import type { MeterWindow } from "@estaciona/contracts/meters";

/** A weekday's charged hours as the form holds them: "08:00"–"20:00"; a close of "00:00" is midnight. */
export interface DayHours {
  charged: boolean;
  open: string;
  close: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTES_PER_DAY = 24 * 60;

const minutesOf = (text: string): number | null => {
  const match = TIME.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};
const textOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A window the form shows; null (free all day) shows unchecked with the usual hours ready. */
export const dayHoursOf = (window: MeterWindow | null): DayHours =>
  window
    ? { charged: true, open: textOf(window.open), close: textOf(window.close) }
    : { charged: false, open: "08:00", close: "20:00" };

/** The window the API takes, or undefined when the times do not make one (close after open, same day). */
export function windowOf(day: DayHours): MeterWindow | null | undefined {
  if (!day.charged) return null;
  const open = minutesOf(day.open);
  const typedClose = minutesOf(day.close);
  if (open === null || typedClose === null) return undefined;
  const close = typedClose === 0 ? MINUTES_PER_DAY : typedClose;
  return open < close ? { open, close } : undefined;
}

/** Monday first, as a week is read; the data is Sunday first. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * A week's hours in a few words: consecutive days with the same window together, Monday first —
 * [{ from: 1, to: 5, window: "8:00 a.m.–8:00 p.m." }, { from: 6, to: 0, window: null }] (null: free),
 * each time written by `clock` (the language's clock, components/parking/zoned-time.ts).
 */
export type Weekday = (typeof WEEK)[number];
export function weekSummary(
  hours: readonly (MeterWindow | null)[],
  clock: (minutes: number) => string,
): { from: Weekday; to: Weekday; window: string | null }[] {
  const groups: { from: Weekday; to: Weekday; window: string | null }[] = [];
  for (const day of WEEK) {
    const window = hours[day] ?? null;
    const text = window ? `${clock(window.open)}–${clock(window.close)}` : null;
    const last = groups[groups.length - 1];
    if (last && last.window === text) last.to = day;
    else groups.push({ from: day, to: day, window: text });
  }
  return groups;
}
