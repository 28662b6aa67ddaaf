import type { EventEntryResult } from "@estaciona/contracts/schemas/events";
import type { Db, Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import type { DeviceRow } from "../parking/devices/service.ts";
import { findVehicleById } from "../parking/visits/repository.ts";
import { type PassKeys, verifyPass } from "./pass.ts";
import {
  type EventRow,
  type EventVisitRow,
  findEnterableVisitsByPlate,
  findEventById,
  findEventVisitById,
  updateEventVisitIf,
} from "./repository.ts";
import { refused, requireEvent } from "./service.ts";

/** The venue's gate: a scanned pass or a camera's plate lets an event car in, once, while the gate is open. */

/** A gate admits event cars from this long before the event starts. */
export const GATE_OPENS_BEFORE_MINUTES = 180;
const MINUTE_MS = 60_000;

function assertGateOpen(event: EventRow, at: number): void {
  if (event.status === "cancelled") throw refused("events.event_cancelled");
  if (at < Date.parse(event.starts_at) - GATE_OPENS_BEFORE_MINUTES * MINUTE_MS || at >= Date.parse(event.ends_at))
    throw refused("events.entry_not_open");
}

/** The event visit a scanned pass names, after its signature, its event and its venue are checked. */
async function visitOfPass(
  db: Executor,
  keys: PassKeys,
  device: DeviceRow,
  pass: string,
  eventId: string | undefined,
): Promise<{ visit: EventVisitRow; event: EventRow }> {
  const claims = await verifyPass(keys, pass);
  if (!claims) throw new AppError("invalid_data", { messageKey: "events.pass_invalid" });
  const [visit, event] = await Promise.all([findEventVisitById(db, claims.visitId), findEventById(db, claims.eventId)]);
  if (!visit || !event || visit.event_id !== event.id)
    throw new AppError("invalid_data", { messageKey: "events.pass_invalid" });
  if (event.location_id !== device.location_id || (eventId !== undefined && eventId !== event.id))
    throw refused("events.pass_other_event");
  return { visit, event };
}

/** A camera's plate: the one unused pass of that vehicle for an event whose gate is open here. */
async function visitOfPlate(
  db: Executor,
  device: DeviceRow,
  plate: string,
  eventId: string | undefined,
  at: number,
): Promise<{ visit: EventVisitRow; event: EventRow }> {
  const visits = await findEnterableVisitsByPlate(db, {
    locationId: device.location_id,
    plate,
    eventId,
    gateOpensBefore: new Date(at + GATE_OPENS_BEFORE_MINUTES * MINUTE_MS).toISOString(),
    at: new Date(at).toISOString(),
  });
  const visit = visits.find((row) => row.status === "inactive") ?? visits[0];
  if (!visit) throw new AppError("vehicle_not_found");
  return { visit, event: await requireEvent(db, visit.event_id) };
}

/**
 * `POST device/event/entry`: a gate scanned a pass (or a camera read a plate) → the event visit
 * enters. Only an unused, paid, unrefunded visit moves (`inactive` → `in_progress`), in one
 * conditional update: a pass shown twice, even at two gates at once, opens the barrier once.
 */
export async function reportEventEntry(
  db: Db,
  keys: PassKeys,
  device: DeviceRow,
  body: { pass?: string; plate?: string; event_uuid?: string },
): Promise<EventEntryResult> {
  if (device.kind !== "gate" && device.kind !== "camera")
    throw new AppError("forbidden_access", { messageKey: "parking.device_direction_not_allowed" });
  if (device.direction === "exit")
    throw new AppError("forbidden_access", { messageKey: "parking.device_direction_not_allowed" });
  const now = Date.now();
  const { visit, event } = body.pass
    ? await visitOfPass(db, keys, device, body.pass, body.event_uuid)
    : await visitOfPlate(db, device, body.plate ?? "", body.event_uuid, now);
  assertGateOpen(event, now);
  if (visit.refunded_at !== null || visit.paid_at === null)
    throw new AppError("invalid_data", { messageKey: "events.pass_invalid" });
  const at = new Date(now).toISOString();
  const entered = await updateEventVisitIf(db, visit.id, ["inactive"], {
    status: "in_progress",
    entered_at: at,
    entry_device_id: device.id,
    updated_at: at,
  });
  if (!entered) throw refused("events.pass_already_used");
  const vehicle = await findVehicleById(db, entered.vehicle_id);
  return {
    open: true,
    visit: {
      uuid: entered.id,
      status: entered.status,
      plate: vehicle?.plate ?? "",
      event_uuid: event.id,
      event_name: event.name,
      entered_at: entered.entered_at,
    },
  };
}
