import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The last four characters of a driver's phone, computed by the database and indexed, so that the
 * console's search by the end of a phone ("4567", "81 1234 4567") reads the few drivers whose
 * number ends in those four digits instead of every driver (a `like '%4567'` can use no index:
 * 65 to 110 ms at a million drivers on PostgreSQL, docs/decisions/0353). Written by no one: each
 * engine computes it from `phone` (SQLite's `substr(phone, -4)` as a virtual column, which is all
 * `alter table` can add there; PostgreSQL's `right(phone, 4)`, stored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres)
    await sql`alter table users add column phone_last4 text generated always as (right(phone, 4)) stored`.execute(db);
  else
    await sql`alter table users add column phone_last4 text generated always as (substr(phone, -4)) virtual`.execute(
      db,
    );
  await db.schema.createIndex("users_phone_last4").on("users").column("phone_last4").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("users_phone_last4").execute();
  await sql`alter table users drop column phone_last4`.execute(db);
}
