import { type Kysely, sql } from "kysely";

/**
 * The sandbox gateway's charge events wait on the charge itself until its delivery job turns them
 * into webhooks (docs/decisions/0354): `event_due` names the event still to send, and only those
 * rows are in the index the delivery reads, oldest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sandbox_charges add column event_due text`.execute(db);
  await sql`create index sandbox_charges_events_due on sandbox_charges (created_at) where event_due is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("sandbox_charges_events_due").execute();
  await sql`alter table sandbox_charges drop column event_due`.execute(db);
}
