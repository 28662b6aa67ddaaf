import type { Kysely } from "kysely";

/**
 * `payments_user (user_id, created_at)` is a prefix of `payments_user_created (user_id, created_at,
 * id)`: every read it served, the longer one serves, and each charge, refund and top-up wrote
 * both (decision 0275, the pay path's writes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payments_user").ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("payments_user")
    .ifNotExists()
    .on("payments")
    .columns(["user_id", "created_at"])
    .execute();
}
