import { sql } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { NewRow, Row } from "../../db/schema.ts";
import { nowIso } from "../../lib/time.ts";

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

type ClaimStatus = Row<"message_claims">["status"];

/**
 * Claims a message key for a send: a new key is claimed at once; a key whose last send certainly
 * failed (nothing went out) is claimed again. Answers the claim's id, or undefined when the key is
 * sent, being sent, or its send's outcome is unknown.
 */
export async function claimMessageKey(
  db: Executor,
  claim: Pick<Row<"message_claims">, "id" | "message_key" | "channel" | "provider" | "claimed_at">,
): Promise<string | undefined> {
  const inserted = await db
    .insertInto("message_claims")
    .values({
      ...claim,
      status: "claimed",
      provider_ref: null,
      attempts: 1,
      last_error: null,
      updated_at: claim.claimed_at,
    })
    // ON CONFLICT rather than catching the violation: the unique key is the claim, racing workers included.
    .onConflict((conflict) => conflict.column("message_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const reclaimed = await db
    .updateTable("message_claims")
    .set((eb) => ({
      status: "claimed",
      attempts: eb("attempts", "+", 1),
      claimed_at: claim.claimed_at,
      updated_at: claim.claimed_at,
    }))
    .where("message_key", "=", claim.message_key)
    .where("status", "=", "failed")
    .returning("id")
    .executeTakeFirst();
  return reclaimed?.id;
}

/** Records a claimed send's outcome (a claim the sweep already called unknown still learns it was sent). */
export async function settleMessageClaim(
  db: Executor,
  id: string,
  outcome: { status: Exclude<ClaimStatus, "claimed">; provider_ref?: string | null; last_error?: string | null },
): Promise<void> {
  await db
    .updateTable("message_claims")
    .set({ ...outcome, updated_at: nowIso() })
    .where("id", "=", id)
    .where("status", "in", ["claimed", "unknown"])
    .execute();
}

/** Claims left `claimed` since before `before` (their worker died mid-send) become `unknown`; answers them. */
export function markAbandonedClaimsUnknown(db: Executor, before: string) {
  return db
    .updateTable("message_claims")
    .set({ status: "unknown", last_error: "the sender stopped before recording the outcome", updated_at: nowIso() })
    .where("status", "=", "claimed")
    .where("claimed_at", "<", before)
    .returning(["message_key", "channel", "provider", "claimed_at"])
    .execute();
}

/** The outbox row of the message a provider names by its own id (Twilio's MessageSid). */
export function findOutboxByProviderRef(db: Executor, provider: string, providerRef: string) {
  return db
    .selectFrom("outbox_messages")
    .select(["id", "delivery_status"])
    .where("provider", "=", provider)
    .where("provider_ref", "=", providerRef)
    .executeTakeFirst();
}

/**
 * Records a delivery status over the one read just before (compare-and-set), so two callbacks
 * applied at once cannot let an older status overwrite a newer one. Answers whether it was written.
 */
export async function setDeliveryStatus(
  db: Executor,
  id: string,
  previous: string | null,
  next: Pick<Row<"outbox_messages">, "delivery_status" | "delivery_error" | "delivery_updated_at">,
): Promise<boolean> {
  const result = await db
    .updateTable("outbox_messages")
    .set(next)
    .where("id", "=", id)
    .where((eb) => (previous === null ? eb("delivery_status", "is", null) : eb("delivery_status", "=", previous)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The claims of one message key on any channel (`key:sms`, `key:whatsapp`), newest first. */
export function claimsOfKey(db: Executor, key: string) {
  return db
    .selectFrom("message_claims")
    .select(["status", "channel", "provider", "provider_ref", "updated_at"])
    .where("message_key", "in", [`${key}:sms`, `${key}:whatsapp`, `${key}:email`])
    .orderBy("updated_at", "desc")
    .execute();
}
