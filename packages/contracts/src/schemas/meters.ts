import { z } from "zod";
import { COUNTRIES } from "../constants.ts";
import type { MeterRules } from "../meters.ts";
import {
  amount,
  boundedAmount,
  MESSAGE,
  paymentSource,
  plate,
  queryDecimal,
  requiredText,
  text,
  uuid,
  uuidParams,
} from "./common.ts";
import { CURRENCIES, feeBreakdownBody, feeRatesBody } from "./parking.ts";

/** Parking-meter zones and sessions (docs/product/parking.md). Money in minor units; times ISO-8601 UTC. */

const minuteOfDay = z
  .number()
  .int()
  .min(0)
  .max(24 * 60);
const isoTimestamp = z.string();
/** The code on the zone's sign: letters and digits, as typed. */
export const ZONE_CODE_MAX_LENGTH = 12;
const ZONE_CODE = /^[A-Z0-9-]+$/;
const zoneCode = text()
  .trim()
  .min(1, { error: MESSAGE.required })
  .max(ZONE_CODE_MAX_LENGTH, { error: MESSAGE.maxLength })
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(ZONE_CODE, { error: MESSAGE.alphanumeric }));

/** A weekday's operating window, minutes after local midnight [open, close); null = free all day. */
export const meterWindow = z
  .object({ open: minuteOfDay, close: minuteOfDay })
  .refine((window) => window.open < window.close)
  .nullable();
/** Seven windows, Sunday first. */
export const meterHours = z.array(meterWindow).length(7);

/** A [lng, lat] position (GeoJSON order). */
const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
/** The zone's area: one closed ring of at least four positions (GeoJSON Polygon's outer ring). */
export const meterArea = z.array(position).min(4).max(200);

/** A zone on the map and in the list: enough to draw it and to choose it. */
export const meterZoneSummary = z.object({
  uuid: z.string(),
  zone_code: z.string(),
  name: z.string(),
  address: z.string(),
  coordinates: z.object({ lat: z.number(), lng: z.number() }),
  area: meterArea,
  rate_per_hour: amount,
  currency: z.enum(CURRENCIES),
});
export type MeterZoneSummary = z.infer<typeof meterZoneSummary>;

/** `GET open/meter/{uuid}`: the zone page, with what may be bought now on the zone's clock. */
export const meterZone = meterZoneSummary.extend({
  country: z.enum(COUNTRIES),
  time_zone: z.string(),
  available: z.boolean(),
  min_minutes: z.number().int(),
  max_minutes: z.number().int(),
  hours: meterHours,
  rates: feeRatesBody,
  /** The server's clock when answering: the SPA counts from it, not from the phone's. */
  server_time: isoTimestamp,
});
export type MeterZone = z.infer<typeof meterZone>;

/** The zone's rules in the engine's terms, for the SPA's stepper (the API reads its row). */
export const meterRulesOf = (zone: MeterZone): MeterRules => ({
  ratePerHour: zone.rate_per_hour,
  minMinutes: zone.min_minutes,
  maxMinutes: zone.max_minutes,
  hours: zone.hours,
  timeZone: zone.time_zone,
});

export const meterZoneParams = uuidParams();

/** The map's bounding box: west, south, east, north in degrees. */
export const meterZonesQuery = z
  .object({
    west: queryDecimal.pipe(z.number().min(-180).max(180)),
    south: queryDecimal.pipe(z.number().min(-90).max(90)),
    east: queryDecimal.pipe(z.number().min(-180).max(180)),
    north: queryDecimal.pipe(z.number().min(-90).max(90)),
  })
  .refine((box) => box.west <= box.east && box.south <= box.north);
/** The zones in the box, at most `MAX_ZONES_IN_VIEW` of them, nearest the box's centre first. */
export const MAX_ZONES_IN_VIEW = 500;
export const meterZoneList = z.object({ items: z.array(meterZoneSummary), truncated: z.boolean() });
export type MeterZoneList = z.infer<typeof meterZoneList>;

/** A code that cannot be on a sign names no zone: answered like an unknown one (404), as `uuidParams`. */
export const meterZoneCodeParams = z.object({
  code: z
    .string()
    .max(ZONE_CODE_MAX_LENGTH, { error: "object_not_found" })
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().regex(ZONE_CODE, { error: "object_not_found" })),
});

/**
 * `GET open/meter-map`: the map's street style (`MAP_STYLE_URL`, null when set to `offline`) and our
 * own offline style, drawn instead when there is no street style or it does not load (decision 0220).
 */
export const meterMap = z.object({
  style_url: z.string().nullable(),
  style: z.record(z.string(), z.unknown()),
});
export type MeterMap = z.infer<typeof meterMap>;

export const METER_SESSION_STATUSES = ["pending", "active", "expired", "cancelled"] as const;

export const meterSession = z.object({
  uuid: z.string(),
  zone: z.object({
    uuid: z.string(),
    zone_code: z.string(),
    name: z.string(),
    time_zone: z.string(),
    /** The zone's maximum stay: a session paid that long takes no more time. */
    max_minutes: z.number().int(),
  }),
  vehicle: z.object({ uuid: z.string(), plate: z.string() }),
  status: z.enum(METER_SESSION_STATUSES),
  started_at: isoTimestamp,
  /** Paid until: the session's end; equal to `started_at` while the first payment is pending. */
  ends_at: isoTimestamp,
  total_paid: amount,
  currency: z.enum(CURRENCIES),
  purchases: z.array(
    z.object({
      uuid: z.string(),
      minutes: z.number().int(),
      ends_at: isoTimestamp,
      status: z.enum(["pending", "paid", "failed"]),
      amounts: feeBreakdownBody,
      created_at: isoTimestamp,
    }),
  ),
  server_time: isoTimestamp,
});
export type MeterSession = z.infer<typeof meterSession>;

export const meterSessionParams = uuidParams();

/**
 * Buying time: the minutes, the total the driver was shown (charged, or refused when the rules
 * give another price) and optionally the card (else the default of the zone's country).
 */
const purchaseFields = {
  minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  expected_total: amount,
  payment_method_uuid: paymentSource.optional(),
};
export const startMeterSessionBody = z.object({ zone_uuid: uuid, vehicle_uuid: uuid, ...purchaseFields });
export type StartMeterSessionBody = z.input<typeof startMeterSessionBody>;
export const extendMeterSessionBody = z.object(purchaseFields);
export type ExtendMeterSessionBody = z.input<typeof extendMeterSessionBody>;

export const meterPurchaseAnswer = z.object({
  session: meterSession,
  payment: z.object({
    uuid: z.string(),
    status: z.enum(["succeeded", "requires_action", "failed", "pending"]),
    redirect_url: z.string().nullable(),
  }),
});
export type MeterPurchaseAnswer = z.infer<typeof meterPurchaseAnswer>;

export const meterSessionListQuery = z.object({ status: z.enum(["active", "past"]) });
export const meterSessionList = z.array(meterSession);

/** `POST admin/meter` and `PUT admin/meter/{uuid}`: a meter location's zone. */
export const meterZoneBody = z.object({
  zone_code: zoneCode,
  device_id: requiredText(64),
  area: meterArea,
  rate_per_hour: boundedAmount,
  min_minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  max_minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  hours: meterHours,
});
export const createMeterZoneBody = meterZoneBody.extend({ location_uuid: uuid });
export type CreateMeterZoneBody = z.input<typeof createMeterZoneBody>;
export type MeterZoneBody = z.input<typeof meterZoneBody>;

/** `POST device/meter/check`: a plate in the device's zone, or in the zone of `zone_code`. No personal data. */
export const meterCheckBody = z.object({ plate, zone_code: zoneCode.optional() });
export const meterCheck = z.object({
  plate: z.string(),
  zone_code: z.string(),
  paid: z.boolean(),
  paid_until: isoTimestamp.nullable(),
  time_zone: z.string(),
  checked_at: isoTimestamp,
});
export type MeterCheck = z.infer<typeof meterCheck>;

/** `GET admin/meters`: the organisation's zones by sign code (a prefix, as typed), in code order (keyset pages). */
export const adminMeterZoneListQuery = z.object({
  q: z
    .string()
    .max(ZONE_CODE_MAX_LENGTH)
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9-]*$/))
    .optional(),
  location_uuid: uuid.optional(),
  /** The last row's `zone_code|uuid`; anything else is refused (422). */
  cursor: z
    .string()
    .max(80)
    .regex(/^[A-Z0-9-]+\|[0-9a-f-]{36}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminMeterZoneListQuery = z.input<typeof adminMeterZoneListQuery>;

/** A zone as the console edits it: the zone page's fields and the meter's device id. */
export const adminMeterZone = meterZone.extend({ device_id: z.string() });
export type AdminMeterZone = z.infer<typeof adminMeterZone>;
export const adminMeterZonePage = z.object({ items: z.array(adminMeterZone), next_cursor: z.string().nullable() });
export type AdminMeterZonePage = z.infer<typeof adminMeterZonePage>;
