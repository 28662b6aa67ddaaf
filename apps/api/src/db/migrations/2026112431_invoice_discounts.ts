import { type Kysely, sql } from "kysely";

/**
 * Whether a location invoices payments that had a discount (docs/product/calls-and-errors.md,
 * `invoice_with_discount_not_available`; docs/decisions/0035). Discounts came with passes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("locations")
    .addColumn("invoice_discounted", "integer", (c) =>
      c.notNull().defaultTo(1).check(sql`invoice_discounted in (0, 1)`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("locations").dropColumn("invoice_discounted").execute();
}
