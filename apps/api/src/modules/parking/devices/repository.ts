import type { Executor } from "../../../db/database.ts";
import type { NewRow } from "../../../db/schema.ts";

export async function insertDevice(db: Executor, device: NewRow<"devices">): Promise<void> {
  await db.insertInto("devices").values(device).execute();
}

/**
 * The device holding a key, unless revoked. The key is looked up by its HMAC, never stored: one
 * HMAC, or two while APP_SECRET rotates (the current key's and the previous one's).
 */
export function findDeviceByKeyHash(db: Executor, keyHashes: readonly string[]) {
  return db
    .selectFrom("devices")
    .selectAll()
    .where("key_hash", "in", keyHashes)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

/** Stores a device key's HMAC under the current key, once it was found under the previous one. */
export async function rekeyDevice(db: Executor, deviceId: string, fromHash: string, toHash: string): Promise<void> {
  await db
    .updateTable("devices")
    .set({ key_hash: toHash })
    .where("id", "=", deviceId)
    .where("key_hash", "=", fromHash)
    .execute();
}
