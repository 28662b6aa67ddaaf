import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Each payment records its rail (docs/decisions/0323, 0346): written with the charge, copied to its
 * refunds, so the console's revenue sums one index and joins neither the charge of each refund nor
 * the paying card (issue 25 item 8: 3.8 s at ten million payments).
 *
 * The column is added with `card` as its default, which PostgreSQL keeps in the catalogue without
 * rewriting the table; then only the rows that are not a card's are written, each kind of rail by
 * one statement, in the order of the rail's reading (a reference's rail wins over the balance's
 * gateway, which wins over the paying method's wallet). On PostgreSQL the default is then dropped,
 * so a write that forgets the rail fails instead of calling it a card; SQLite cannot drop a
 * default without copying the table, and there the row type makes every write name its rail.
 *
 * The console's list index `payments_location_list (location_id, created_at, id)` becomes one that
 * also holds what the revenue sums, so the revenue reads the index alone and each payment still
 * writes one index for the console, not two. PostgreSQL carries the summed columns as INCLUDE
 * (outside the key); SQLite has no INCLUDE, so there they are the key's tail.
 */
const SUMMED = ["kind", "status", "payable_type", "rail", "currency", "amount"];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`alter table payments add column rail text not null default 'card'`.execute(db);
  await sql`update payments set rail = payment_methods.wallet from payment_methods
    where payment_methods.id = payments.payment_method_id and payment_methods.wallet is not null`.execute(db);
  await sql`update payments set rail = 'balance' where gateway = 'balance'`.execute(db);
  // A refund's rail is its charge's: its reference is the one of its parent.
  await sql`update payments set rail = payment_references.rail from payment_references
    where payment_references.payment_id = coalesce(payments.parent_payment_id, payments.id)`.execute(db);
  if (postgres) await sql`alter table payments alter column rail drop default`.execute(db);

  await db.schema.dropIndex("payments_location_list").execute();
  const key = ["location_id", "created_at", "id"];
  if (postgres)
    await sql`create index payments_location_list on payments (${sql.join(key.map((column) => sql.ref(column)))})
      include (${sql.join(SUMMED.map((column) => sql.ref(column)))})`.execute(db);
  else
    await db.schema
      .createIndex("payments_location_list")
      .on("payments")
      .columns([...key, ...SUMMED])
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payments_location_list").execute();
  await db.schema
    .createIndex("payments_location_list")
    .on("payments")
    .columns(["location_id", "created_at", "id"])
    .execute();
  await db.schema.alterTable("payments").dropColumn("rail").execute();
}
