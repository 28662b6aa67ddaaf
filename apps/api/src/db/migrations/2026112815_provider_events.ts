import { type Kysely, sql } from "kysely";
import { timestamp } from "../column-types.ts";

/**
 * Every webhook a gateway delivers, stored raw once (issue 23, docs/decisions/0155): the unique
 * (provider, event id) is what makes a replayed or doubly-delivered event apply nothing twice.
 * `outcome` says what applying it did: `applied`, `ignored` (a type we do not act on),
 * `unmatched` (no payment of ours: stored and alerted) or `pending` until the job has run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("provider_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("payment_id", "text")
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) =>
      c.notNull().check(sql`outcome in ('pending', 'applied', 'ignored', 'unmatched')`),
    )
    .addColumn("received_at", timestamp, (c) => c.notNull())
    .addColumn("applied_at", timestamp)
    .addUniqueConstraint("provider_events_provider_event_id", ["provider", "event_id"])
    .execute();
  // A webhook names the provider's object: the charge is found by it.
  await db.schema
    .createIndex("payments_gateway_provider_ref")
    .on("payments")
    .columns(["gateway", "provider_ref"])
    .execute();
  await db.schema
    .createIndex("provider_events_outcome")
    .on("provider_events")
    .columns(["outcome", "received_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payments_gateway_provider_ref").execute();
  await db.schema.dropTable("provider_events").execute();
}
