/** A stay's length as the parking catalogue words it: its key under `parking` and the values. */
export type StayDuration =
  | { key: "duration.minutes"; params: { count: number } }
  | { key: "duration.hours"; params: { hours: number; minutes: number } }
  | { key: "duration.whole_hours"; params: { hours: number } }
  | { key: "duration.days"; params: { count: number; hours: number; minutes: number } };

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * Whole minutes as minutes ("45 min"), hours and minutes ("20 h 34 min") or days, hours and
 * minutes ("2 days 1 h 0 min"), for i18next's `t` on either side: `t(key, params)` in the SPA's
 * `parking` namespace, `translate(locale, \`parking.${key}\`, params)` on the server.
 */
export function stayDuration(minutes: number): StayDuration {
  const whole = Math.max(0, Math.floor(minutes));
  if (whole < MINUTES_PER_HOUR) return { key: "duration.minutes", params: { count: whole } };
  const days = Math.floor(whole / MINUTES_PER_DAY);
  const hours = Math.floor((whole % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const rest = whole % MINUTES_PER_HOUR;
  // "2 h", not "2 h 0 min": a meter's maximum stay and its presets are whole hours.
  if (days === 0 && rest === 0) return { key: "duration.whole_hours", params: { hours } };
  if (days === 0) return { key: "duration.hours", params: { hours, minutes: rest } };
  return { key: "duration.days", params: { count: days, hours, minutes: rest } };
}
