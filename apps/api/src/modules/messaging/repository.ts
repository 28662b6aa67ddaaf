import type { Executor } from "../../db/database.ts";
import type { NewRow } from "../../db/schema.ts";

/** Every message sent (or, by a sandbox provider, kept instead of sent) is one row of the outbox. */
export async function insertOutboxMessage(db: Executor, message: NewRow<"outbox_messages">): Promise<void> {
  await db.insertInto("outbox_messages").values(message).execute();
}

/** What the sandbox providers kept, newest first, optionally for one recipient (`GET sandbox/outbox`). */
export function listSandboxMessages(db: Executor, filter: { recipient?: string; limit: number }) {
  return db
    .selectFrom("outbox_messages")
    .select(["channel", "recipient", "subject", "body", "created_at"])
    .where("provider", "=", "sandbox")
    .$if(filter.recipient !== undefined && filter.recipient !== "", (query) =>
      query.where("recipient", "=", (filter.recipient ?? "").toLowerCase()),
    )
    .orderBy("created_at", "desc")
    .limit(filter.limit)
    .execute();
}
