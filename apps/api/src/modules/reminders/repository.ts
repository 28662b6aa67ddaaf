import type { Executor } from "../../db/database.ts";
import type { NewRow, Row } from "../../db/schema.ts";

/** The reminders module's queries: the drivers' preferences and the extend links. */

export function findPreferences(db: Executor, userId: string) {
  return db.selectFrom("reminder_preferences").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export async function savePreferences(db: Executor, row: Row<"reminder_preferences">): Promise<void> {
  const { user_id: _userId, ...changes } = row;
  await db
    .insertInto("reminder_preferences")
    .values(row)
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(changes))
    .execute();
}

/** What a reminder needs of its driver; null for an erased or missing account. */
export function findRecipient(db: Executor, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "phone", "email", "email_verified_at", "locale", "status"])
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export async function insertExtendLink(db: Executor, row: NewRow<"extend_links">): Promise<void> {
  await db.insertInto("extend_links").values(row).execute();
}

export function findExtendLinkByHash(db: Executor, tokenHash: string) {
  return db.selectFrom("extend_links").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Marks the link used by this confirm; false when another confirm (or a revocation) came first. */
export async function claimExtendLink(db: Executor, id: string, key: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("extend_links")
    .set({ used_at: at, used_key: key })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the link back after a confirm that made no extension (a declined card, a refused price). */
export async function releaseExtendLink(db: Executor, id: string, key: string): Promise<void> {
  await db
    .updateTable("extend_links")
    .set({ used_at: null, used_key: null })
    .where("id", "=", id)
    .where("used_key", "=", key)
    .execute();
}

export async function revokeLinks(
  db: Executor,
  by: { userId: string } | { paymentMethodId: string },
  at: string,
): Promise<number> {
  const result = await db
    .updateTable("extend_links")
    .set({ revoked_at: at })
    .where("revoked_at", "is", null)
    .where("used_at", "is", null)
    .where("userId" in by ? "user_id" : "payment_method_id", "=", "userId" in by ? by.userId : by.paymentMethodId)
    .where("expires_at", ">", at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A reminder's key, claimed once: false when another worker or run claimed it first. */
export async function insertReminderClaim(db: Executor, key: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto("reminder_claims")
    .values({ reminder_key: key, claimed_at: at })
    .onConflict((conflict) => conflict.column("reminder_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** One device's subscription: the same endpoint again (a new key pair, another driver signed in) replaces the row. */
export async function upsertPushSubscription(db: Executor, row: Row<"push_subscriptions">) {
  const { id: _id, endpoint: _endpoint, ...changes } = row;
  return db
    .insertInto("push_subscriptions")
    .values(row)
    .onConflict((conflict) => conflict.column("endpoint").doUpdateSet(changes))
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
}

export function listPushSubscriptions(db: Executor, userId: string) {
  return db
    .selectFrom("push_subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function deletePushSubscriptions(
  db: Executor,
  by: { id: string } | { userId: string; endpoint?: string } | { sessionId: string },
): Promise<number> {
  let query = db.deleteFrom("push_subscriptions");
  if ("id" in by) query = query.where("id", "=", by.id);
  else if ("sessionId" in by) query = query.where("session_id", "=", by.sessionId);
  else {
    query = query.where("user_id", "=", by.userId);
    if (by.endpoint !== undefined) query = query.where("endpoint", "=", by.endpoint);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
