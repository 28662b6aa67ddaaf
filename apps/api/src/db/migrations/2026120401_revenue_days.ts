import type { Kysely } from "kysely";
import { money, timestamp } from "../column-types.ts";

/**
 * The console's revenue of closed days, rolled up (docs/decisions/0349): one row per location, local
 * day, product, rail and currency, the day cut on the location's clock. A location's closing says up
 * to which local day its rows hold, and on which zone's clock they were cut; days from there on are
 * summed live from the ledger's index. A payment of a closed day that changes what it counts (a charge
 * settled late, a refund the gateway confirmed late) moves its day's row in the same transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("revenue_days")
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("product", "text", (c) => c.notNull())
    .addColumn("rail", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", money, (c) => c.notNull())
    .addPrimaryKeyConstraint("revenue_days_pk", ["location_id", "day", "product", "rail", "currency"])
    .execute();
  await db.schema
    .createTable("revenue_closings")
    .addColumn("location_id", "text", (c) => c.primaryKey().references("locations.id"))
    .addColumn("time_zone", "text", (c) => c.notNull())
    // The first local day still open, and the instant it begins: every payment before it is rolled up.
    .addColumn("open_day", "text", (c) => c.notNull())
    .addColumn("open_from", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("revenue_closings").execute();
  await db.schema.dropTable("revenue_days").execute();
}
