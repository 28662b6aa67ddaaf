import type { Executor } from "../../db/database.ts";
import type { NewRow } from "../../db/schema.ts";

/** Every query of the contact form's messages. */

export async function insertContactMessage(db: Executor, row: NewRow<"contact_messages">): Promise<void> {
  await db.insertInto("contact_messages").values(row).execute();
}

export function findContactMessage(db: Executor, id: string) {
  return db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** When the newest messages counted by a cap were sent, newest first (enough to apply it). */
export function contactMessagesSince(
  db: Executor,
  by: { column: "user_id" | "ip"; value: string },
  since: string,
  limit: number,
) {
  return db
    .selectFrom("contact_messages")
    .select("created_at")
    .where(by.column, "=", by.value)
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

export async function markContactMessageSent(db: Executor, id: string, to: string): Promise<void> {
  await db.updateTable("contact_messages").set({ sent_to: to }).where("id", "=", id).execute();
}

export function listContactMessagesOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("contact_messages")
    .select(["reference", "topic", "message", "visit_id", "hostname", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

/** Account deletion: the text a driver wrote is personal data; the reference and date stay. */
export async function eraseContactMessagesOfUser(db: Executor, userId: string): Promise<void> {
  await db.updateTable("contact_messages").set({ message: "", ip: "" }).where("user_id", "=", userId).execute();
}
