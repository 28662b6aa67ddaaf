import { type Kysely, sql } from "kysely";

/**
 * Pay by reference (issue 27 item 2, docs/decisions/0280): cash at OXXO and SPEI transfers. A reference
 * charge is an ordinary ledger charge (`payments`) waiting for the driver (`requires_action`) until the
 * gateway says it was paid or expired; `payment_references` keeps what the driver needs to pay it (the
 * OXXO reference or the CLABE, the barcode, the expiry). `sandbox_references` is the sandbox gateway's
 * own book of the references it issued, as Conekta keeps its orders.
 */
const RAILS = ["oxxo", "spei"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_references")
    .addColumn("payment_id", "text", (c) => c.primaryKey().references("payments.id"))
    .addColumn("rail", "text", (c) => c.notNull().check(sqlIn("rail", RAILS)))
    /** The OXXO reference (barcode number) or the CLABE to transfer to; null until the gateway answers. */
    .addColumn("number", "text")
    .addColumn("barcode_url", "text")
    /** SPEI: the receiving bank's name. */
    .addColumn("bank", "text")
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("sandbox_references")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** Our payment id: one reference per charge, like Conekta's order metadata. */
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("rail", "text", (c) => c.notNull().check(sqlIn("rail", RAILS)))
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sandbox_references").execute();
  await db.schema.dropTable("payment_references").execute();
}

const sqlIn = (column: string, values: string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
