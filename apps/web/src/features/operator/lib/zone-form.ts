import { parseMinorUnits } from "@estaciona/contracts/money";
import { type AdminMeterZone, meterZoneBody } from "@estaciona/contracts/schemas/meters";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { z } from "zod";
import { type DayHours, dayHoursOf, WEEK, windowOf } from "./meter-hours.ts";
import { decimalText } from "./sales-forms.ts";
import { typedText, wholeNumber } from "./typed-text.ts";

export const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** A block about 90 by 100 metres around a point, as the area's corners. */
export const blockAround = (point: { lat: number; lng: number }) =>
  [
    [point.lat - 0.0004, point.lng - 0.0005],
    [point.lat - 0.0004, point.lng + 0.0005],
    [point.lat + 0.0004, point.lng + 0.0005],
    [point.lat + 0.0004, point.lng - 0.0005],
  ]
    .map(([lat, lng]) => `${round6(lat ?? 0)}, ${round6(lng ?? 0)}`)
    .join("\n");

export const areaText = (area: AdminMeterZone["area"]) =>
  area
    .slice(0, -1)
    .map(([lng, lat]) => `${lat}, ${lng}`)
    .join("\n");

/** The corners typed, as a closed GeoJSON ring ([lng, lat], the first repeated last), or null. */
export function ringOf(text: string): [number, number][] | null {
  const corners: [number, number][] = [];
  for (const line of text.split("\n").map((row) => row.trim())) {
    if (!line) continue;
    const [lat, lng, extra] = line.split(/[,;\s]+/).map(Number);
    if (extra !== undefined || lat === undefined || lng === undefined) return null;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
    corners.push([lng, lat]);
  }
  const first = corners[0];
  const last = corners[corners.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) corners.push(first);
  return corners.length >= 4 && corners.length <= 200 ? corners : null;
}

/** Every field that does not read says this (the editor's "Check this field"). */
const INVALID = "operator:meter_zones.invalid";
const zone = meterZoneBody.shape;

/** A day's charged hours as typed, read into the API's window (null: free all day). */
const dayHours = z.object({ charged: z.boolean(), open: z.string(), close: z.string() }).transform((day, context) => {
  const window = windowOf(day);
  if (window === undefined) {
    context.addIssue({ code: "custom", message: INVALID });
    return z.NEVER;
  }
  return window;
});

/**
 * A zone as the editor holds it: the meter location it opens at (a new zone only), the sign code,
 * the rate as typed ("12.00"), the stays in minutes, the area one corner a line
 * ("25.6693, -100.3099") and the week's hours (Sunday first, as the API), read into the contract's
 * `meterZoneBody`; the longest stay is never shorter than the shortest.
 */
export const zoneFormSchema = z
  .object({
    location: z.string(),
    zone_code: zone.zone_code,
    device_id: zone.device_id,
    rate_per_hour: typedText(parseMinorUnits, INVALID).pipe(zone.rate_per_hour),
    min_minutes: typedText(wholeNumber, INVALID).pipe(zone.min_minutes),
    max_minutes: typedText(wholeNumber, INVALID).pipe(zone.max_minutes),
    area: typedText(ringOf, INVALID).pipe(zone.area),
    hours: z.array(dayHours).pipe(zone.hours),
  })
  .refine((form) => form.max_minutes >= form.min_minutes, { path: ["max_minutes"], error: INVALID });
export type ZoneForm = z.input<typeof zoneFormSchema>;

const NEW_HOURS: DayHours[] = WEEK.map(() => ({ charged: true, open: "08:00", close: "20:00" }));
NEW_HOURS[0] = { charged: false, open: "08:00", close: "20:00" };

export function newZoneForm(location: OperatorLocation | undefined): ZoneForm {
  return {
    location: location?.uuid ?? "",
    zone_code: "",
    device_id: "",
    rate_per_hour: "12.00",
    min_minutes: "15",
    max_minutes: "120",
    area: location ? blockAround(location.coordinates) : "",
    hours: NEW_HOURS.map((day) => ({ ...day })),
  };
}

export function formOf(zone: AdminMeterZone): ZoneForm {
  return {
    location: zone.uuid,
    zone_code: zone.zone_code,
    device_id: zone.device_id,
    rate_per_hour: decimalText(zone.rate_per_hour),
    min_minutes: String(zone.min_minutes),
    max_minutes: String(zone.max_minutes),
    area: areaText(zone.area),
    hours: zone.hours.map(dayHoursOf),
  };
}
