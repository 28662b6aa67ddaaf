/** A stay's length as the parking catalogue words it: its key under `parking` and the values. */
export type StayDuration =
  | { key: "duration.minutes"; params: { count: number } }
  | { key: "duration.hours"; params: { hours: number; minutes: number } }
  | { key: "duration.hours_whole"; params: { hours: number } }
  | { key: "duration.days"; params: { count: number; hours: number; minutes: number } }
  | { key: "duration.days_hours"; params: { count: number; hours: number } }
  | { key: "duration.days_minutes"; params: { count: number; minutes: number } }
  | { key: "duration.days_whole"; params: { count: number } };

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * Whole minutes as minutes ("45 min"), hours and minutes ("20 h 34 min", "2 h") or days, hours and
 * minutes ("2 days 1 h 5 min", "1 day"); a part that is zero is left out, never read as "0 min". For i18next's `t` on either side: `t(key, params)` in the SPA's
 * `parking` namespace, `translate(locale, \`parking.${key}\`, params)` on the server.
 */
export function stayDuration(minutes: number): StayDuration {
  const whole = Math.max(0, Math.floor(minutes));
  if (whole < MINUTES_PER_HOUR) return { key: "duration.minutes", params: { count: whole } };
  const days = Math.floor(whole / MINUTES_PER_DAY);
  const hours = Math.floor((whole % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const rest = whole % MINUTES_PER_HOUR;
  if (days === 0) {
    return rest === 0
      ? { key: "duration.hours_whole", params: { hours } }
      : { key: "duration.hours", params: { hours, minutes: rest } };
  }
  if (hours === 0 && rest === 0) return { key: "duration.days_whole", params: { count: days } };
  if (rest === 0) return { key: "duration.days_hours", params: { count: days, hours } };
  if (hours === 0) return { key: "duration.days_minutes", params: { count: days, minutes: rest } };
  return { key: "duration.days", params: { count: days, hours, minutes: rest } };
}
