import { type Kysely, sql } from "kysely";

/**
 * Wallet payments (issue 27 item 1, docs/decisions/0284): a wallet's single-use token is kept as a
 * one-off payment method whose `wallet` names Apple Pay or Google Pay. One token is taken once: a
 * replayed token meets this unique index before any gateway is asked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("payment_methods").addColumn("wallet", "text").execute();
  await db.schema
    .createIndex("payment_methods_one_wallet_token")
    .on("payment_methods")
    .columns(["gateway", "card_ref"])
    .unique()
    .where(sql<boolean>`wallet is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payment_methods_one_wallet_token").execute();
  await db.schema.alterTable("payment_methods").dropColumn("wallet").execute();
}
