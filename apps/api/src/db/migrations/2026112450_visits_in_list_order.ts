import type { Kysely } from "kysely";

/**
 * The visits list pages by keyset on (created_at, id) per driver (issue 16 item 9): with the id in
 * the index, a page is read in order and stops at its last row, however many visits share a
 * creation time (the old index on (user_id, created_at) sorted every tie before the first row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("visits_user_list").on("visits").columns(["user_id", "created_at", "id"]).execute();
  await db.schema.dropIndex("visits_user").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("visits_user").on("visits").columns(["user_id", "created_at"]).execute();
  await db.schema.dropIndex("visits_user_list").execute();
}
