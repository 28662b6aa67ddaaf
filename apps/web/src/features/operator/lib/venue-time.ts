import { zoneOffsetMs } from "@estaciona/contracts/meters";

/**
 * An event's times are typed on the venue's clock, whatever the operator's browser reads
 * (docs/decisions/0049): a `datetime-local` value ("2026-12-05T20:30") in `timeZone` ↔ an instant.
 */

/** A `datetime-local` value to the minute: "2026-12-05T20:30". */
export const VENUE_TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/;

/** The instant a wall-clock time in `timeZone` names (ISO-8601 UTC), or null when the text is not one. */
export function venueTimeToIso(value: string, timeZone: string): string | null {
  const match = VENUE_TIME.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  if (Number.isNaN(wall)) return null;
  // The offset at the wall time read as UTC is right except within hours of a change; a second pass settles it.
  let instant = wall - zoneOffsetMs(wall, timeZone);
  instant = wall - zoneOffsetMs(instant, timeZone);
  return new Date(instant).toISOString();
}

/** How the venue's clock reads an instant, as a `datetime-local` value. */
export function isoToVenueTime(iso: string, timeZone: string): string {
  const at = Date.parse(iso);
  return new Date(at + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 16);
}
