import type { Kysely } from "kysely";
import { timestamp } from "../column-types.ts";

/**
 * The console's plans and promo codes screens (docs/decisions/0047): an operator may end a promo
 * code (`disabled_at`), and both lists page by keyset on (created_at, id), newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("discounts").addColumn("disabled_at", timestamp).execute();
  await db.schema.createIndex("discounts_list").on("discounts").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("plans_list").on("plans").columns(["location_id", "created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("plans_list").execute();
  await db.schema.dropIndex("discounts_list").execute();
  await db.schema.alterTable("discounts").dropColumn("disabled_at").execute();
}
