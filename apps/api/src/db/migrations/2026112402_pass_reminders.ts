import type { Kysely } from "kysely";

/** The period whose renewal reminder was sent (docs/product/passes-and-promo-codes.md, issue 11 notices): each reminder goes once. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscriptions").addColumn("reminded_period", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscriptions").dropColumn("reminded_period").execute();
}
