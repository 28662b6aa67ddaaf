import { type Kysely, sql } from "kysely";
import { money, timestamp } from "../column-types.ts";

/** Plans, passes and their periods, promo codes, partner landings (docs/product/passes-and-promo-codes.md, docs/decisions/0020). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("plans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("cost", money, (c) => c.notNull().check(sql`cost > 0`))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency in ('mxn', 'usd')`))
    .addColumn("interval_unit", "text", (c) =>
      c.notNull().check(sql`interval_unit in ('day', 'week', 'month', 'year', 'one_time')`),
    )
    // Places; null when unlimited.
    .addColumn("availability", "integer", (c) => c.check(sql`availability > 0`))
    .addColumn("requires_student_id", "integer", (c) => c.notNull().check(sql`requires_student_id in (0, 1)`))
    .addColumn("discount_kind", "text", (c) => c.check(sql`discount_kind in ('percent', 'amount')`))
    .addColumn("discount_value", money, (c) => c.check(sql`discount_value > 0`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('active', 'archived')`))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("plans_location").on("plans").columns(["location_id", "status"]).execute();

  await db.schema
    .createTable("discounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('percent', 'amount')`))
    .addColumn("value", money, (c) => c.notNull().check(sql`value > 0`))
    .addColumn("currency", "text", (c) => c.check(sql`currency in ('mxn', 'usd')`))
    .addColumn("plan_id", "text", (c) => c.references("plans.id"))
    .addColumn("periods", "integer", (c) => c.check(sql`periods > 0`))
    .addColumn("starts_on", "text")
    .addColumn("ends_on", "text")
    .addColumn("max_redemptions", "integer", (c) => c.check(sql`max_redemptions > 0`))
    .addColumn("redemptions", "integer", (c) => c.notNull().check(sql`redemptions >= 0`))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("vehicle_id", "text", (c) => c.notNull().references("vehicles.id"))
    .addColumn("plan_id", "text", (c) => c.notNull().references("plans.id"))
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('incomplete', 'expired', 'trial', 'active', 'past_due', 'canceled', 'unpaid')`),
    )
    // The first day on the lot's clock; every period is counted from it.
    .addColumn("anchor_date", "text", (c) => c.notNull())
    // The period that begins on `anchor_date` (1, or the period a paused pass resumed with).
    .addColumn("anchor_period", "integer", (c) => c.notNull().check(sql`anchor_period >= 1`))
    // The period in force (or the last one paid); 1-based.
    .addColumn("current_period", "integer", (c) => c.notNull().check(sql`current_period >= 1`))
    .addColumn("cancel_at_period_end", "integer", (c) => c.notNull().check(sql`cancel_at_period_end in (0, 1)`))
    .addColumn("discount_id", "text", (c) => c.references("discounts.id"))
    .addColumn("failed_attempts", "integer", (c) => c.notNull().check(sql`failed_attempts >= 0`))
    .addColumn("next_retry_at", timestamp)
    .addColumn("expires_at", timestamp)
    .addColumn("canceled_at", timestamp)
    .addColumn("ended_at", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  // One pass holding a place per location and vehicle (subscription_already_active).
  await db.schema
    .createIndex("subscriptions_one_live_per_vehicle")
    .on("subscriptions")
    .columns(["location_id", "vehicle_id"])
    .unique()
    .where(sql<boolean>`status in ('incomplete', 'trial', 'active', 'past_due', 'unpaid')`)
    .execute();
  await db.schema.createIndex("subscriptions_user").on("subscriptions").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("subscriptions_plan_status").on("subscriptions").columns(["plan_id", "status"]).execute();
  await db.schema.createIndex("subscriptions_status").on("subscriptions").columns(["status"]).execute();

  await db.schema
    .createTable("subscription_periods")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subscription_id", "text", (c) => c.notNull().references("subscriptions.id"))
    .addColumn("number", "integer", (c) => c.notNull().check(sql`number >= 1`))
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text", (c) => c.notNull())
    // When the period begins and ends on the lot's clock (ISO-8601 UTC): what the jobs compare with now.
    .addColumn("starts_at", timestamp, (c) => c.notNull())
    .addColumn("ends_at", timestamp, (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('due', 'paid', 'failed')`))
    .addColumn("discount", money, (c) => c.notNull().check(sql`discount >= 0`))
    .addColumn("subtotal", money, (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn("convenience_fee", money, (c) => c.notNull().check(sql`convenience_fee >= 0`))
    .addColumn("processing_fee", money, (c) => c.notNull().check(sql`processing_fee >= 0`))
    .addColumn("tax", money, (c) => c.notNull().check(sql`tax >= 0`))
    .addColumn("total", money, (c) => c.notNull().check(sql`total >= 0`))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency in ('mxn', 'usd')`))
    .addColumn("paid_at", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  // A period exists once: two workers renewing the same pass cannot open it twice.
  await db.schema
    .createIndex("subscription_periods_number")
    .on("subscription_periods")
    .columns(["subscription_id", "number"])
    .unique()
    .execute();

  // One redemption of a code per driver; the counter on `discounts` caps the total.
  await db.schema
    .createTable("discount_redemptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("discount_id", "text", (c) => c.notNull().references("discounts.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("subscription_id", "text", (c) => c.notNull().references("subscriptions.id"))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("discount_redemptions_one_per_user")
    .on("discount_redemptions")
    .columns(["discount_id", "user_id"])
    .unique()
    .execute();

  await db.schema
    .createTable("partner_pages")
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("hostname", "text", (c) => c.notNull().references("hosts.hostname"))
    .addColumn("title_es", "text", (c) => c.notNull())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("text_es", "text", (c) => c.notNull())
    .addColumn("text_en", "text", (c) => c.notNull())
    // JSON array of location ids whose plans the page offers.
    .addColumn("location_ids", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("partner_pages_pk", ["slug", "hostname"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("partner_pages").execute();
  await db.schema.dropTable("discount_redemptions").execute();
  await db.schema.dropTable("subscription_periods").execute();
  await db.schema.dropTable("subscriptions").execute();
  await db.schema.dropTable("discounts").execute();
  await db.schema.dropTable("plans").execute();
}
