import type { Kysely } from "kysely";

/** E-mail codes are also capped per address (users service): that count needs an index by address. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("email_codes_email").on("email_codes").columns(["email", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("email_codes_email").execute();
}
