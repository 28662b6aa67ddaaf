import { type Kysely, sql } from "kysely";
import { timestamp } from "../column-types.ts";

/**
 * Proof of payment anyone can check, and the dispute kit (issue 26 item 5, docs/decisions/0200).
 * `receipt_proofs`: the hash of one opaque token per paid charge (the key of `/verificar/{token}`), until
 * `expires_at` (13 months after the payment). `receipt_disputes`: "I got a ticket" on a receipt,
 * one per charge, at the charge's location, followed by the operator (received → in review →
 * upheld or rejected).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("receipt_proofs")
    .addColumn("payment_id", "text", (c) => c.primaryKey().references("payments.id"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("receipt_disputes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_id", "text", (c) => c.notNull().unique().references("payments.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('received', 'in_review', 'upheld', 'rejected')`),
    )
    .addColumn("citation_number", "text")
    .addColumn("note", "text")
    .addColumn("resolution", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("receipt_disputes_location")
    .on("receipt_disputes")
    .columns(["location_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("receipt_disputes").execute();
  await db.schema.dropTable("receipt_proofs").execute();
}
