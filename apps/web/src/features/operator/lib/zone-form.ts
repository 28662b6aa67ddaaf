import { formatMinorUnits, parseMinorUnits } from "@estaciona/contracts/money";
import type { AdminMeterZone } from "@estaciona/contracts/schemas/meters";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import type { ZoneBody } from "../api/venues.ts";
import { type DayHours, dayHoursOf, windowOf } from "./meter-hours.ts";

/** Monday first, as a week is read; the data is Sunday first. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

export interface ZoneForm {
  location: string;
  zone_code: string;
  device_id: string;
  rate_per_hour: string;
  min_minutes: string;
  max_minutes: string;
  /** One corner a line: "25.6693, -100.3099". */
  area: string;
  /** Sunday first, as the API. */
  hours: DayHours[];
}
export type FieldName = Exclude<keyof ZoneForm, "hours">;

export const decimal = (minor: number) => formatMinorUnits(minor).replace(/,/g, "");
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

export const NEW_HOURS: DayHours[] = WEEK.map(() => ({ charged: true, open: "08:00", close: "20:00" }));
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
    rate_per_hour: decimal(zone.rate_per_hour),
    min_minutes: String(zone.min_minutes),
    max_minutes: String(zone.max_minutes),
    area: areaText(zone.area),
    hours: zone.hours.map(dayHoursOf),
  };
}

export const minutesOf = (text: string): number | null => {
  const value = /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null;
  return value !== null && value >= 1 && value <= 1440 ? value : null;
};

/** The body the API takes, or what does not read as it should. */
export function bodyOf(form: ZoneForm): { body: ZoneBody | null; invalid: Set<FieldName | `hours.${number}`> } {
  const invalid = new Set<FieldName | `hours.${number}`>();
  const read = <T>(name: FieldName, value: T | null): T => {
    if (value === null) invalid.add(name);
    return value as T;
  };
  if (!/^[A-Za-z0-9-]{1,12}$/.test(form.zone_code.trim())) invalid.add("zone_code");
  if (!form.device_id.trim()) invalid.add("device_id");
  const hours = form.hours.map((day, index) => {
    const window = windowOf(day);
    if (window === undefined) invalid.add(`hours.${index}`);
    return window ?? null;
  });
  const body: ZoneBody = {
    zone_code: form.zone_code.trim().toUpperCase(),
    device_id: form.device_id.trim(),
    area: read("area", ringOf(form.area)),
    rate_per_hour: read("rate_per_hour", parseMinorUnits(form.rate_per_hour)),
    min_minutes: read("min_minutes", minutesOf(form.min_minutes)),
    max_minutes: read("max_minutes", minutesOf(form.max_minutes)),
    hours,
  };
  if (!invalid.has("min_minutes") && !invalid.has("max_minutes") && body.max_minutes < body.min_minutes)
    invalid.add("max_minutes");
  return { body: invalid.size === 0 ? body : null, invalid };
}
