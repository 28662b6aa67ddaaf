import type { FeeRates } from "@estaciona/contracts";
import type { MeterRules, MeterWindow } from "@estaciona/contracts/meters";
import type {
  AdminMeterZone,
  AdminMeterZonePage,
  createMeterZoneBody,
  MeterZone,
  MeterZoneList,
  MeterZoneSummary,
  meterZoneBody,
} from "@estaciona/contracts/schemas/meters";
import type { z } from "zod";
import { type Executor, underUniqueRule } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { JsonText } from "../../lib/json-text.ts";
import { nowIso } from "../../lib/time.ts";
import { changedFields, recordAudit } from "../operator/audit.ts";
import { type OperatorScope, reachable } from "../operator/scope.ts";
import { type BoundingBox, zonePageInBox } from "./map-repository.ts";
import {
  findLocation,
  findZone,
  findZoneByCode,
  insertZone,
  listZonesOfOrganisation,
  type MeterZoneRow,
  updateZone,
} from "./repository.ts";

/** Meter zones: their rules and rates, the map's and the sign's reads, and the console's zones. */

export const rulesOf = (zone: MeterZoneRow): MeterRules => ({
  ratePerHour: zone.rate_per_hour,
  minMinutes: zone.min_minutes,
  maxMinutes: zone.max_minutes,
  hours: JSON.parse(zone.hours) as (MeterWindow | null)[],
  timeZone: zone.time_zone,
});

export const ratesOf = (zone: MeterZoneRow): FeeRates => ({
  taxRateBp: zone.tax_rate_bp,
  convenienceRateBp: zone.convenience_rate_bp,
  convenienceFixed: zone.convenience_fixed,
  cardRateBp: zone.card_rate_bp,
  cardFixed: zone.card_fixed,
});

function presentSummary(zone: MeterZoneRow): MeterZoneSummary {
  return {
    uuid: zone.id,
    zone_code: zone.zone_code,
    name: zone.name,
    address: zone.address,
    coordinates: { lat: zone.lat, lng: zone.lng },
    area: JSON.parse(zone.area) as MeterZoneSummary["area"],
    rate_per_hour: zone.rate_per_hour,
    currency: zone.currency,
  };
}

export function presentZone(zone: MeterZoneRow): MeterZone {
  return {
    ...presentSummary(zone),
    country: zone.country,
    time_zone: zone.time_zone,
    available: zone.active === 1,
    min_minutes: zone.min_minutes,
    max_minutes: zone.max_minutes,
    hours: JSON.parse(zone.hours) as MeterZone["hours"],
    rates: {
      tax_rate_bp: zone.tax_rate_bp,
      convenience_rate_bp: zone.convenience_rate_bp,
      convenience_fixed: zone.convenience_fixed,
      card_rate_bp: zone.card_rate_bp,
      card_fixed: zone.card_fixed,
    },
    server_time: nowIso(),
  };
}

export async function requireZone(db: Executor, zoneId: string): Promise<MeterZoneRow> {
  const zone = await findZone(db, zoneId);
  if (!zone) throw new AppError("object_not_found");
  return zone;
}

/** `GET open/meter/{uuid}`. */
export async function getZone(db: Executor, zoneId: string): Promise<MeterZone> {
  return presentZone(await requireZone(db, zoneId));
}

/** `GET open/meters/code/{code}`: the sign's code, as typed (upper-cased by the schema). */
export async function getZoneByCode(db: Executor, code: string): Promise<MeterZone> {
  const zone = await findZoneByCode(db, code);
  if (zone?.active !== 1) throw new AppError("object_not_found");
  return presentZone(zone);
}

/**
 * `GET open/meters`: the zones in view that the requesting host offers (docs/decisions/0165), one
 * query on the bounding box; `truncated` when the view holds more than the cap. The answer is
 * written from the summaries' texts, never parsed (docs/decisions/0336): the keys in the schema's
 * order, as the serializer would have written them.
 */
export async function listZones(
  db: Executor,
  box: BoundingBox,
  hostLocations: string[] | null,
): Promise<JsonText<MeterZoneList>> {
  const page = await zonePageInBox(db, box, hostLocations);
  return new JsonText(`{"items":[${page.items}],"truncated":${page.truncated}}`);
}

type ZoneFields = z.output<typeof meterZoneBody>;

function zoneColumns(body: ZoneFields, at: string) {
  if (body.max_minutes < body.min_minutes) throw new AppError("invalid_data");
  return {
    zone_code: body.zone_code,
    device_id: body.device_id,
    area: JSON.stringify(body.area),
    rate_per_hour: body.rate_per_hour,
    min_minutes: body.min_minutes,
    max_minutes: body.max_minutes,
    hours: JSON.stringify(body.hours),
    updated_at: at,
  };
}

/** A code or device id another zone already has: the catalogue's code for it. */
async function underZoneUniqueRules<T>(
  db: Executor,
  body: ZoneFields,
  exceptId: string | null,
  write: () => Promise<T>,
) {
  const sameCode = await findZoneByCode(db, body.zone_code);
  if (sameCode && sameCode.id !== exceptId)
    throw new AppError("invalid_data", { messageKey: "meters.zone_code_taken" });
  return underUniqueRule("device_id_already_exists", write);
}

/** `POST admin/meter`: a meter location (kind `meter`) becomes a zone, once. */
export async function createZone(
  db: Executor,
  scope: OperatorScope,
  body: z.output<typeof createMeterZoneBody>,
): Promise<MeterZone> {
  const location = reachable(scope, await findLocation(db, body.location_uuid));
  if (location.kind !== "meter") throw new AppError("invalid_location_type");
  if (await findZone(db, location.id)) throw new AppError("location_already_has_a_parking_meter");
  const at = nowIso();
  await underZoneUniqueRules(db, body, null, () =>
    insertZone(db, { location_id: location.id, created_at: at, ...zoneColumns(body, at) }),
  );
  await recordAudit(db, scope, {
    action: "meter.create",
    subject: { type: "location", id: location.id },
    after: zoneColumns(body, at),
  });
  return getZone(db, location.id);
}

/** `PUT admin/meter/{uuid}`: sessions already paid keep their time; new purchases follow the new rules. */
export async function changeZone(
  db: Executor,
  scope: OperatorScope,
  zoneId: string,
  body: ZoneFields,
): Promise<MeterZone> {
  reachable(scope, await findLocation(db, zoneId));
  const before = await requireZone(db, zoneId);
  const at = nowIso();
  await underZoneUniqueRules(db, body, zoneId, () => updateZone(db, zoneId, zoneColumns(body, at)));
  const { updated_at: _at, ...after } = zoneColumns(body, at);
  await recordAudit(db, scope, {
    action: "meter.update",
    subject: { type: "location", id: zoneId },
    ...changedFields(before as unknown as Record<string, unknown>, after),
  });
  return getZone(db, zoneId);
}

const presentAdminZone = (zone: MeterZoneRow): AdminMeterZone => ({ ...presentZone(zone), device_id: zone.device_id });

/** `GET admin/meters`: a keyset page of the organisation's zones in sign-code order (docs/decisions/0050). */
export async function listOperatorZones(
  db: Executor,
  scope: OperatorScope,
  query: { q?: string | undefined; location_uuid?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<AdminMeterZonePage> {
  if (query.location_uuid) reachable(scope, await findLocation(db, query.location_uuid));
  const [zoneCode = "", id = ""] = query.cursor?.split("|") ?? [];
  const rows = await listZonesOfOrganisation(db, scope, {
    codePrefix: query.q,
    locationId: query.location_uuid,
    after: query.cursor ? { zoneCode, id } : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(presentAdminZone),
    next_cursor: rows.length > query.limit && last ? `${last.zone_code}|${last.id}` : null,
  };
}

/** `GET admin/meter/{uuid}`: another organisation's zone answers as if it did not exist. */
export async function getOperatorZone(db: Executor, scope: OperatorScope, zoneId: string): Promise<AdminMeterZone> {
  reachable(scope, await findLocation(db, zoneId));
  return presentAdminZone(await requireZone(db, zoneId));
}
