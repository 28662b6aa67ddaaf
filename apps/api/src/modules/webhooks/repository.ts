import type { Executor } from "../../db/database.ts";
import type { NewRow, Row } from "../../db/schema.ts";

/** The received webhooks (`provider_events`, docs/decisions/0155). */
export type ProviderEventRow = Row<"provider_events">;

/** Stores an event once; a second insert of one (provider, event id) is refused by the unique index. */
export async function insertProviderEvent(db: Executor, event: NewRow<"provider_events">): Promise<void> {
  await db.insertInto("provider_events").values(event).execute();
}

export function findProviderEvent(db: Executor, id: string) {
  return db.selectFrom("provider_events").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function recordEventOutcome(
  db: Executor,
  id: string,
  changes: Pick<ProviderEventRow, "outcome" | "payment_id" | "applied_at">,
): Promise<void> {
  await db.updateTable("provider_events").set(changes).where("id", "=", id).execute();
}
