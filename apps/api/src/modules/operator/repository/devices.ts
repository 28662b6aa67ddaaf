import type { Executor } from "../../../db/database.ts";
import type { RowUpdate } from "../../../db/schema.ts";

/** The console's queries of the devices at an operator's locations. */

const deviceColumns = [
  "devices.id",
  "devices.device_id",
  "devices.name",
  "devices.kind",
  "devices.direction",
  "devices.revoked_at",
  "devices.created_at",
  "devices.location_id",
  "locations.name as location_name",
  "locations.organisation_id",
] as const;

export function listDevicesAt(db: Executor, locationIds: string[]) {
  return db
    .selectFrom("devices")
    .innerJoin("locations", "locations.id", "devices.location_id")
    .select(deviceColumns)
    .where("devices.location_id", "in", locationIds.length ? locationIds : [""])
    .orderBy("locations.name")
    .orderBy("devices.device_id")
    .execute();
}

export function findDeviceWithLocation(db: Executor, deviceId: string) {
  return db
    .selectFrom("devices")
    .innerJoin("locations", "locations.id", "devices.location_id")
    .select(deviceColumns)
    .where("devices.id", "=", deviceId)
    .executeTakeFirst();
}

export async function updateDevice(db: Executor, deviceId: string, changes: RowUpdate<"devices">): Promise<void> {
  await db.updateTable("devices").set(changes).where("id", "=", deviceId).execute();
}
