import type { OperatorDevice } from "@estaciona/contracts/schemas/operator";
import type { RegisterDeviceBody } from "@estaciona/contracts/schemas/parking";
import { type Db, type Executor, underUniqueRule } from "../../db/database.ts";
import { newOpaqueToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { insertDevice } from "../parking/devices/repository.ts";
import { deviceKeyHash } from "../parking/devices/service.ts";
import { recordAudit } from "./audit.ts";
import { findDeviceWithLocation, listDevicesAt, updateDevice } from "./repository/devices.ts";
import { type OperatorScope, reachable, reachableLocation, reachableLocationIds } from "./scope.ts";

/** The console's devices (gates, cameras, stands): registered, renamed, given a new key or revoked, every change audited. */

type DeviceListRow = NonNullable<Awaited<ReturnType<typeof findDeviceWithLocation>>>;

const presentDevice = (device: DeviceListRow): OperatorDevice => ({
  uuid: device.id,
  device_id: device.device_id,
  name: device.name,
  location: { uuid: device.location_id, name: device.location_name },
  kind: device.kind,
  direction: device.direction,
  revoked_at: device.revoked_at,
  created_at: device.created_at,
});

export async function listDevices(db: Executor, scope: OperatorScope, locationId: string | undefined) {
  const ids = locationId
    ? [(await reachableLocation(db, scope, locationId)).id]
    : await reachableLocationIds(db, scope);
  return (await listDevicesAt(db, ids)).map(presentDevice);
}

const newDeviceKey = () => `edk_${newOpaqueToken()}`;

/** `POST admin/device`: registers a device at one of the operator's locations and answers its key, once. */
export async function registerDevice(db: Db, hmacKey: Buffer, scope: OperatorScope, body: RegisterDeviceBody) {
  const location = await reachableLocation(db, scope, body.location_uuid);
  const key = newDeviceKey();
  const device = {
    id: newId(),
    device_id: body.device_id.trim(),
    name: body.name ?? null,
    location_id: location.id,
    kind: body.kind,
    direction: body.direction,
    key_hash: deviceKeyHash(hmacKey, key),
    revoked_at: null,
    created_at: nowIso(),
  };
  await underUniqueRule("device_id_already_exists", () =>
    db.transaction().execute(async (tx) => {
      await insertDevice(tx, device);
      const { key_hash: _secret, ...shown } = device;
      await recordAudit(tx, scope, {
        action: "device.register",
        subject: { type: "device", id: device.id },
        after: shown,
      });
    }),
  );
  return {
    uuid: device.id,
    device_id: device.device_id,
    name: device.name,
    location_uuid: device.location_id,
    kind: device.kind,
    direction: device.direction,
    key,
    created_at: device.created_at,
  };
}

async function reachableDevice(db: Executor, scope: OperatorScope, deviceId: string): Promise<DeviceListRow> {
  const device = await findDeviceWithLocation(db, deviceId);
  if (!device) throw new AppError("object_not_found");
  reachable(scope, { id: device.location_id, organisation_id: device.organisation_id });
  return device;
}

export async function renameDevice(db: Db, scope: OperatorScope, deviceId: string, name: string | null) {
  return db.transaction().execute(async (tx) => {
    const device = await reachableDevice(tx, scope, deviceId);
    await updateDevice(tx, device.id, { name });
    await recordAudit(tx, scope, {
      action: "device.rename",
      subject: { type: "device", id: device.id },
      before: { name: device.name },
      after: { name },
    });
    return presentDevice({ ...device, name });
  });
}

/** A new key, answered once; the old one stops working at once. A revoked device gets none. */
export async function rotateDeviceKey(db: Db, hmacKey: Buffer, scope: OperatorScope, deviceId: string) {
  return db.transaction().execute(async (tx) => {
    const device = await reachableDevice(tx, scope, deviceId);
    if (device.revoked_at !== null) throw new AppError("object_not_found");
    const key = newDeviceKey();
    await updateDevice(tx, device.id, { key_hash: deviceKeyHash(hmacKey, key) });
    await recordAudit(tx, scope, { action: "device.rotate_key", subject: { type: "device", id: device.id } });
    return { uuid: device.id, key };
  });
}

export async function revokeDevice(db: Db, scope: OperatorScope, deviceId: string) {
  return db.transaction().execute(async (tx) => {
    const device = await reachableDevice(tx, scope, deviceId);
    if (device.revoked_at !== null) return presentDevice(device);
    const at = nowIso();
    await updateDevice(tx, device.id, { revoked_at: at });
    await recordAudit(tx, scope, {
      action: "device.revoke",
      subject: { type: "device", id: device.id },
      before: { revoked_at: null },
      after: { revoked_at: at },
    });
    return presentDevice({ ...device, revoked_at: at });
  });
}
