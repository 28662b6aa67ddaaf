import type { Executor } from "../../../db/database.ts";
import type { NewRow } from "../../../db/schema.ts";

export async function insertDevice(db: Executor, device: NewRow<"devices">): Promise<void> {
  await db.insertInto("devices").values(device).execute();
}

/** The device holding a key, unless revoked. The key is looked up by its HMAC, never stored. */
export function findDeviceByKeyHash(db: Executor, keyHash: string) {
  return db
    .selectFrom("devices")
    .selectAll()
    .where("key_hash", "=", keyHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}
