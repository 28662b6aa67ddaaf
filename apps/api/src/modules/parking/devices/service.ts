import { createHmac } from "node:crypto";
import type { DeviceEventResult } from "@estaciona/contracts/schemas/parking";
import type { Executor } from "../../../db/database.ts";
import type { Row } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import { type AppSecrets, type Keyring, keyring } from "../../../lib/keyring.ts";
import { nowIso } from "../../../lib/time.ts";
import { findUserById } from "../../users/repository.ts";
import { assertNotSuspendedAt } from "../../users/suspensions.ts";
import { findLocationById } from "../locations/repository.ts";
import type { LocationRow } from "../locations/service.ts";
import { quoteAt, settledAmounts } from "../visits/presenter.ts";
import {
  findActiveVehicleByPlate,
  findLatestFinishedVisitAt,
  findOpenVisitOfVehicle,
  markVisitExited,
  type VisitRow,
} from "../visits/repository.ts";
import { assertLocationAdmits, openVisit } from "../visits/service.ts";
import { finishFreeVisit, type ParkingDeps, settleFreeflowExit } from "../visits/settlement.ts";
import { findDeviceByKeyHash, rekeyDevice } from "./repository.ts";

export type DeviceRow = Row<"devices">;

/**
 * Device keys are kept only as an HMAC under a key of their own, derived from APP_SECRET. During a
 * rotation a device found under the previous key is stored again under the current one, so devices
 * that report within the window move over without a new key (docs/operations.md).
 */
export const deviceHmacKeys = (secrets: AppSecrets): Keyring => keyring(secrets, "device-key");

export const deviceKeyHash = (hmacKey: Buffer, deviceKey: string): string =>
  createHmac("sha256", hmacKey).update(deviceKey).digest("base64url");

/** The device presenting `X-Device-Key`; anything else is an authentication error. */
export async function authenticateDevice(
  db: Executor,
  hmacKeys: Keyring,
  deviceKey: string | string[] | undefined,
): Promise<DeviceRow> {
  const refused = () => new AppError("authentication_error", { messageKey: "parking.device_key_invalid" });
  if (typeof deviceKey !== "string" || deviceKey.length === 0 || deviceKey.length > 200) throw refused();
  const hashes = hmacKeys.accepted().map(({ key }) => deviceKeyHash(key, deviceKey));
  const device = await findDeviceByKeyHash(db, hashes);
  if (!device) throw refused();
  const [current] = hashes;
  if (current !== undefined && device.key_hash !== current) {
    await rekeyDevice(db, device.id, device.key_hash, current);
    return { ...device, key_hash: current };
  }
  return device;
}

function assertReports(device: DeviceRow, direction: "entry" | "exit"): void {
  if (device.direction !== "both" && device.direction !== direction)
    throw new AppError("forbidden_access", { messageKey: "parking.device_direction_not_allowed" });
}

async function requireLocation(db: Executor, device: DeviceRow): Promise<LocationRow> {
  const location = await findLocationById(db, device.location_id);
  if (!location) throw new Error(`Device ${device.id} points at a missing location`);
  return location;
}

function result(
  visit: VisitRow,
  plate: string,
  open: boolean,
  charge: DeviceEventResult["charge"],
  location: LocationRow,
): DeviceEventResult {
  const settled = settledAmounts(visit);
  return {
    open,
    charge,
    visit: {
      uuid: visit.id,
      status: visit.status,
      plate,
      entered_at: visit.entered_at,
      exited_at: visit.exited_at,
      total: settled ? settled.total : quoteAt(visit, location, Date.now()).total,
      currency: visit.currency,
    },
  };
}

/**
 * `POST device/entry`: a plate seen entering opens an in_progress visit for the vehicle's owner.
 * A camera that reports the same car twice gets the visit it already opened.
 */
export async function reportEntry(db: Executor, device: DeviceRow, plate: string): Promise<DeviceEventResult> {
  assertReports(device, "entry");
  const vehicle = await findActiveVehicleByPlate(db, plate);
  if (!vehicle) throw new AppError("vehicle_not_found");
  if (vehicle.user_status === "suspended") throw new AppError("user_suspended");
  const location = await requireLocation(db, device);
  const open = await findOpenVisitOfVehicle(db, vehicle.id);
  if (open && open.location_id === location.id && open.status === "in_progress")
    return result(open, vehicle.plate, true, null, location);
  const user = await findUserById(db, vehicle.user_id);
  if (!user) throw new AppError("vehicle_not_found");
  assertLocationAdmits(location, user);
  await assertNotSuspendedAt(db, user.id, location.id);
  const visit = await openVisit(
    db,
    {
      user_id: vehicle.user_id,
      vehicle_id: vehicle.id,
      location_id: location.id,
      source: "device",
      entry_device_id: device.id,
      currency: location.currency,
    },
    nowIso(),
  );
  return result(visit, vehicle.plate, true, null, location);
}

/**
 * `POST device/exit`. At a freeflow lot the stay is charged now (see settleFreeflowExit) and the
 * car always leaves: the debt stays on the visit. At a gated lot the barrier opens for a visit
 * paid inside its exit window, or a stay still inside the grace minutes; otherwise it stays shut.
 */
export async function reportExit(deps: ParkingDeps, device: DeviceRow, plate: string): Promise<DeviceEventResult> {
  assertReports(device, "exit");
  const vehicle = await findActiveVehicleByPlate(deps.db, plate);
  if (!vehicle) throw new AppError("vehicle_not_found");
  const location = await requireLocation(deps.db, device);
  const now = nowIso();

  const open = await findOpenVisitOfVehicle(deps.db, vehicle.id);
  if (open && open.location_id === location.id) {
    if (location.is_freeflow === 1) {
      // The same exit reported again after a decline: the debt is already recorded and the driver told.
      if (open.exited_at !== null && open.status === "pending_payment")
        return result(open, vehicle.plate, true, "declined", location);
      const exited = (await markVisitExited(deps.db, open.id, now, device.id)) ?? open;
      const settled = await settleFreeflowExit(deps, exited, location, vehicle.plate);
      return result(settled.visit, vehicle.plate, true, settled.charge, location);
    }
    if (quoteAt(open, location, Date.parse(now)).total === 0) {
      await markVisitExited(deps.db, open.id, now, device.id);
      const finished = await finishFreeVisit(deps, open.id, now);
      return result(finished, vehicle.plate, true, "not_needed", location);
    }
    throw new AppError("invalid_payment", { messageKey: "parking.exit_requires_payment" });
  }

  const paid = await findLatestFinishedVisitAt(deps.db, vehicle.id, location.id);
  if (!paid) throw new AppError("object_not_found", { messageKey: "parking.no_open_visit" });
  if (paid.exited_at !== null) {
    // The same exit reported again shortly after: answer it again; an old visit is not this car's stay.
    const windowMs = location.exit_window_minutes * 60_000;
    if (Date.parse(now) - Date.parse(paid.exited_at) <= windowMs)
      return result(paid, vehicle.plate, true, "not_needed", location);
    throw new AppError("object_not_found", { messageKey: "parking.no_open_visit" });
  }
  const insideWindow = paid.exit_deadline !== null && paid.exit_deadline >= now;
  // A ticketless lot has no barrier to keep shut: the late car leaves and the operator sees the visit.
  if (!insideWindow && location.is_freeflow !== 1)
    throw new AppError("invalid_payment", { messageKey: "parking.exit_window_expired" });
  const exited = (await markVisitExited(deps.db, paid.id, now, device.id)) ?? paid;
  return result(exited, vehicle.plate, true, "not_needed", location);
}
