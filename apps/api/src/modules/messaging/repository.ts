import { sql } from "kysely";
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

/** The messages sent to a driver's phone and e-mail, oldest first (the export). */
export function listMessagesTo(db: Executor, recipients: readonly string[]) {
  if (recipients.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("outbox_messages")
    .select(["channel", "recipient", "subject", "body", "created_at"])
    .where("recipient", "in", recipients)
    .orderBy("created_at")
    .execute();
}

/** `text` as a LIKE pattern that matches it anywhere, its wildcards escaped (both engines take `escape`). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * Account deletion: what was sent to the driver, and what named them to someone else (the
 * operator's copy of a contact message), no longer does.
 */
export async function eraseMessagesAbout(db: Executor, identifiers: readonly string[]): Promise<void> {
  if (identifiers.length === 0) return;
  await db
    .updateTable("outbox_messages")
    .set({ recipient: "", subject: null, body: "" })
    .where((eb) =>
      eb.or([
        eb("recipient", "in", identifiers),
        ...identifiers.map((identifier) => eb(sql`body`, "like", sql`${containing(identifier)} escape '\\'`)),
      ]),
    )
    .execute();
}
