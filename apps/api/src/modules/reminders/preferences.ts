import { zoneOffsetMs } from "@estaciona/contracts/meters";
import {
  DEFAULT_REMINDER_LEAD_MINUTES,
  REMINDER_LEAD_MINUTES,
  type ReminderPreferences,
} from "@estaciona/contracts/schemas/reminders";
import type { Executor } from "../../db/database.ts";
import { nowIso } from "../../lib/time.ts";
import { findPreferences, savePreferences } from "./repository.ts";

/** What the defaults come from: the deployment's text channel and its reminder lead time. */
export interface PreferenceDefaults {
  config: { meterReminderMinutes: number; sms: { channel: "sms" | "whatsapp" } };
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** The lead time closest to METER_REMINDER_MINUTES: the choice of a driver who made none. */
export function defaultLeadMinutes(configured: number): ReminderPreferences["lead_minutes"] {
  let best: ReminderPreferences["lead_minutes"] = DEFAULT_REMINDER_LEAD_MINUTES;
  for (const minutes of REMINDER_LEAD_MINUTES)
    if (Math.abs(minutes - configured) < Math.abs(best - configured)) best = minutes;
  return best;
}

/** The driver's reminder preferences, or the defaults (the deployment's text channel, no quiet hours). */
export async function preferencesOf(
  deps: PreferenceDefaults & { db: Executor },
  userId: string,
): Promise<ReminderPreferences> {
  const row = await findPreferences(deps.db, userId);
  if (!row)
    return {
      channel: deps.config.sms.channel,
      lead_minutes: defaultLeadMinutes(deps.config.meterReminderMinutes),
      quiet_hours: null,
    };
  return {
    channel: row.channel,
    lead_minutes: (REMINDER_LEAD_MINUTES as readonly number[]).includes(row.lead_minutes)
      ? (row.lead_minutes as ReminderPreferences["lead_minutes"])
      : DEFAULT_REMINDER_LEAD_MINUTES,
    quiet_hours:
      row.quiet_start === null || row.quiet_end === null ? null : { start: row.quiet_start, end: row.quiet_end },
  };
}

/** `PUT user/reminder-preferences`: kept per driver; reminders scheduled from then on follow it. */
export async function updatePreferences(
  db: Executor,
  userId: string,
  body: ReminderPreferences,
): Promise<ReminderPreferences> {
  await savePreferences(db, {
    user_id: userId,
    channel: body.channel,
    lead_minutes: body.lead_minutes,
    quiet_start: body.quiet_hours?.start ?? null,
    quiet_end: body.quiet_hours?.end ?? null,
    updated_at: nowIso(),
  });
  return body;
}

/** The minute of the day of an instant on a place's clock. */
function minuteOfDay(at: number, timeZone: string): number {
  const local = at + zoneOffsetMs(at, timeZone);
  return Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / MINUTE_MS);
}

/** Whether an instant falls inside the quiet hours (which may cross midnight) on the place's clock. */
export function inQuietHours(at: number, quiet: ReminderPreferences["quiet_hours"], timeZone: string): boolean {
  if (!quiet) return false;
  const minute = minuteOfDay(at, timeZone);
  return quiet.start < quiet.end
    ? minute >= quiet.start && minute < quiet.end
    : minute >= quiet.start || minute < quiet.end;
}

/**
 * When a reminder due at `dueAt` goes out (docs/product/reminders.md): `lead` minutes before it,
 * never inside quiet hours. A reminder that would fall inside them goes `earlier` (just before
 * they begin: a meter runs out during them) or `later` (when they end: a pass renews days away).
 * Null when no time is left for it (earlier than now).
 */
export function reminderTime(
  dueAt: number,
  prefs: Pick<ReminderPreferences, "lead_minutes" | "quiet_hours">,
  timeZone: string,
  shift: "earlier" | "later",
  now = Date.now(),
  lead: number = prefs.lead_minutes,
): number | null {
  let at = dueAt - lead * MINUTE_MS;
  const quiet = prefs.quiet_hours;
  if (quiet && inQuietHours(at, quiet, timeZone)) {
    const minute = minuteOfDay(at, timeZone);
    at =
      shift === "earlier"
        ? at - (((minute - quiet.start + DAY_MINUTES) % DAY_MINUTES) + 1) * MINUTE_MS
        : at + ((quiet.end - minute + DAY_MINUTES) % DAY_MINUTES) * MINUTE_MS;
    at = Math.floor(at / MINUTE_MS) * MINUTE_MS;
  }
  return at > now ? at : null;
}
