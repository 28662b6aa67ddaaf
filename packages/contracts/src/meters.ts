import { divideRoundHalfAwayFromZero } from "./fees.ts";

/**
 * The parking-meter engine (docs/product/parking.md): what on-street time costs and how much of it may be sold.
 * Pure and shared like the fee engine: the API charges with it and the SPA's stepper shows it, so
 * the price shown is the price charged. Money is integer minor units; instants are epoch ms.
 *
 * A zone charges an hourly rate for its operating hours only (one window a weekday, in the zone's
 * time zone); time outside them is free and is never sold. A session never runs past its maximum
 * stay, counted from when it started, nor past the end of the operating window it is in.
 */

/** One weekday's operating window in minutes after local midnight: [open, close). Null: free all day. */
export interface MeterWindow {
  open: number;
  close: number;
}

/** A zone's rules in the engine's terms. `hours[0]` is Sunday, as `Date#getDay`. */
export interface MeterRules {
  ratePerHour: number;
  minMinutes: number;
  maxMinutes: number;
  hours: readonly (MeterWindow | null)[];
  timeZone: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** 1970-01-01, day 0 of the epoch, was a Thursday. */
const EPOCH_WEEKDAY = 4;

/** The window of a day counted from the epoch (local days). */
const windowOfDay = (hours: MeterRules["hours"], day: number) => hours[(((day + EPOCH_WEEKDAY) % 7) + 7) % 7];

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset at an instant, in ms (Intl, so daylight saving is the zone's own). */
export function zoneOffsetMs(at: number, timeZone: string): number {
  let format = offsetFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * Operating time between two instants, in ms. The span is read on the zone's wall clock with the
 * offset at its start: a sold span lies inside one operating window (hours, not days). Only a
 * window that runs over midnight can meet a daylight-saving change (at 02:00), and there every
 * minute is charged, so the span's real length is what counts.
 */
export function operatingMs(rules: Pick<MeterRules, "hours" | "timeZone">, from: number, to: number): number {
  if (to <= from) return 0;
  const offset = zoneOffsetMs(from, rules.timeZone);
  const start = from + offset;
  const end = to + offset;
  let total = 0;
  for (let day = Math.floor(start / DAY_MS); day * DAY_MS < end; day += 1) {
    const window = windowOfDay(rules.hours, day);
    if (!window) continue;
    const open = day * DAY_MS + window.open * MINUTE_MS;
    const close = day * DAY_MS + window.close * MINUTE_MS;
    total += Math.max(0, Math.min(end, close) - Math.max(start, open));
  }
  return total;
}

/** The rate's price of the operating time from `from` to `to`, before fees and tax, rounded half away from zero. */
export function meterSubtotal(rules: MeterRules, from: number, to: number): number {
  const ms = operatingMs(rules, from, to);
  return Number(divideRoundHalfAwayFromZero(BigInt(rules.ratePerHour) * BigInt(ms), BigInt(HOUR_MS)));
}

/**
 * The subtotal of adding `minutes` to a session that started at `startedAt` and is paid until
 * `paidUntil`: the price of the whole stay minus what was already paid for it, so buying in
 * several steps costs the same as buying at once and no cent is lost to rounding.
 */
export function meterPurchaseSubtotal(
  rules: MeterRules,
  startedAt: number,
  paidUntil: number,
  minutes: number,
): number {
  const until = paidUntil + minutes * MINUTE_MS;
  return meterSubtotal(rules, startedAt, until) - meterSubtotal(rules, startedAt, paidUntil);
}

/** The operating window an instant is in, as instants; null when the zone is free at that moment. */
export function windowAt(
  rules: Pick<MeterRules, "hours" | "timeZone">,
  at: number,
): { opens: number; closes: number } | null {
  const local = at + zoneOffsetMs(at, rules.timeZone);
  const day = Math.floor(local / DAY_MS);
  const window = windowOfDay(rules.hours, day);
  if (!window) return null;
  const sinceMidnight = local - day * DAY_MS;
  if (sinceMidnight < window.open * MINUTE_MS || sinceMidnight >= window.close * MINUTE_MS) return null;
  const midnight = at - sinceMidnight;
  return { opens: opensAt(rules.hours, day, midnight), closes: closesAt(rules.hours, day, midnight) };
}

const DAY_MINUTES = 24 * 60;

/**
 * Windows that meet at midnight are one: a zone charged around the clock still sells two hours at
 * 23:00. When `day`'s window (its midnight at `midnight`) ends, following it into the next days'
 * windows while each closes at midnight and the next opens at it (a week at most).
 */
function closesAt(hours: MeterRules["hours"], day: number, midnight: number): number {
  let window = windowOfDay(hours, day);
  let dayStart = midnight;
  for (let step = 0; step < 7 && window?.close === DAY_MINUTES; step += 1) {
    const next = windowOfDay(hours, day + step + 1);
    if (next?.open !== 0) break;
    window = next;
    dayStart += DAY_MS;
  }
  return dayStart + (window?.close ?? 0) * MINUTE_MS;
}

/** When `day`'s window began, followed back over midnight as `closesAt` follows it forward. */
function opensAt(hours: MeterRules["hours"], day: number, midnight: number): number {
  let window = windowOfDay(hours, day);
  let dayStart = midnight;
  for (let step = 0; step < 7 && window?.open === 0; step += 1) {
    const previous = windowOfDay(hours, day - step - 1);
    if (previous?.close !== DAY_MINUTES) break;
    window = previous;
    dayStart -= DAY_MS;
  }
  return dayStart + (window?.open ?? 0) * MINUTE_MS;
}

/** When the zone next starts charging after `at` (within a week), or null when it never does. */
export function nextOpening(rules: Pick<MeterRules, "hours" | "timeZone">, at: number): number | null {
  const local = at + zoneOffsetMs(at, rules.timeZone);
  const today = Math.floor(local / DAY_MS);
  for (let day = today; day <= today + 7; day += 1) {
    const window = windowOfDay(rules.hours, day);
    if (!window) continue;
    const opens = day * DAY_MS + window.open * MINUTE_MS;
    if (opens > local) return at + (opens - local);
  }
  return null;
}

/** How many minutes may be bought now, and from when. */
export interface MeterLimits {
  /** Whether time is on sale now; false when the zone is free at `paidUntil` or the stay is at its maximum. */
  open: boolean;
  minMinutes: number;
  maxMinutes: number;
  /** When the zone next charges, when it is free now. */
  opensAt: number | null;
}

/**
 * What a purchase may add to a session started at `startedAt` and paid until `paidUntil` (a new
 * session: both are now): up to the maximum stay from the start and no later than the end of the
 * operating window, whole minutes. A new session buys at least the zone's minimum, unless less
 * than that is left before the zone closes; an extension may add a single minute.
 */
export function meterLimits(rules: MeterRules, startedAt: number, paidUntil: number): MeterLimits {
  const window = windowAt(rules, paidUntil);
  if (!window) return { open: false, minMinutes: 0, maxMinutes: 0, opensAt: nextOpening(rules, paidUntil) };
  const cap = Math.min(window.closes, startedAt + rules.maxMinutes * MINUTE_MS);
  const maxMinutes = Math.max(0, Math.floor((cap - paidUntil) / MINUTE_MS));
  const isNew = startedAt === paidUntil;
  const minMinutes = Math.min(isNew ? Math.max(1, rules.minMinutes) : 1, maxMinutes);
  return { open: maxMinutes > 0, minMinutes, maxMinutes, opensAt: null };
}

/** The end of a purchase of `minutes` from `paidUntil`. */
export const meterEnd = (paidUntil: number, minutes: number): number => paidUntil + minutes * MINUTE_MS;

/** The quick choices a driver at the curb taps (docs/product/parking.md), before the zone's limits cut them. */
export const METER_PRESET_MINUTES = [15, 30, 60, 120] as const;

/**
 * The stepper's step in a zone: its minimum stay (the zone's own unit of sale, 15 min on the demo
 * signs), between 5 and 30 minutes so a zone with a long minimum still lets the driver fine-tune.
 */
export const meterStep = (rules: Pick<MeterRules, "minMinutes">): number => Math.min(30, Math.max(5, rules.minMinutes));

/** The presets a purchase may take now: those inside the limits, and the most left when less than a preset is. */
export function meterPresets(limits: Pick<MeterLimits, "open" | "minMinutes" | "maxMinutes">): number[] {
  if (!limits.open) return [];
  const inside = METER_PRESET_MINUTES.filter(
    (minutes) => minutes >= limits.minMinutes && minutes <= limits.maxMinutes,
  ) as number[];
  return inside.includes(limits.maxMinutes) || limits.maxMinutes > 120 ? inside : [...inside, limits.maxMinutes];
}

/**
 * What the stepper starts at: 30 minutes (the common curb errand), within the limits. An extension
 * never starts at the single minute it may add: it starts at 30 too, or at what is left.
 */
export const METER_DEFAULT_MINUTES = 30;
export const meterDefaultMinutes = (limits: Pick<MeterLimits, "minMinutes" | "maxMinutes">): number =>
  Math.min(limits.maxMinutes, Math.max(limits.minMinutes, METER_DEFAULT_MINUTES));

/** Whether a session has been paid up to its zone's maximum stay: no time can be added to it. */
export const atMaximumStay = (session: { started_at: string; ends_at: string }, maxMinutes: number): boolean =>
  Date.parse(session.ends_at) - Date.parse(session.started_at) >= maxMinutes * MINUTE_MS;
