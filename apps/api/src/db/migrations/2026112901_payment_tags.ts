import { type Kysely, sql } from "kysely";
import { timestamp } from "../column-types.ts";

/**
 * The driver's business / personal tag of a payment (issue 26 item 4, docs/decisions/0187): one row
 * per tagged charge, editable; the ledger's own rows stay as the gateway left them. The history
 * reads a driver's payments newest first by `created_at, id` (keyset), hence the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_tags")
    .addColumn("payment_id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("tag", "text", (c) => c.notNull().check(sql`tag in ('business', 'personal')`))
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("payments_user_created")
    .ifNotExists()
    .on("payments")
    .columns(["user_id", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payments_user_created").ifExists().execute();
  await db.schema.dropTable("payment_tags").execute();
}
