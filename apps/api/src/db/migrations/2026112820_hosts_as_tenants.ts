import { type Kysely, sql } from "kysely";
import { timestamp } from "../column-types.ts";

/**
 * Hosts as tenants (docs/decisions/0165): a host may be limited to some of its organisation's
 * locations and carries its own support contact and questions; a promo code belongs to one
 * organisation; a driver is suspended per organisation (docs/decisions/0166); an audit entry
 * names the location it is about, so a staff member limited to some locations reads only theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // JSON array of location ids; null: every location of the host's organisation in its country.
  await db.schema.alterTable("hosts").addColumn("location_ids", "text").execute();
  await db.schema.alterTable("hosts").addColumn("support_email", "text").execute();
  await db.schema.alterTable("hosts").addColumn("support_phone", "text").execute();
  // JSON { es: [{ question, answer }], en: [...] }; null: the questions of the host's theme and country.
  await db.schema.alterTable("hosts").addColumn("faq", "text").execute();

  await db.schema
    .alterTable("discounts")
    .addColumn("organisation_id", "text", (c) => c.references("organisations.id"))
    .execute();
  // A code for one plan belongs to the plan's organisation; a code for every plan to the
  // organisation whose operator created it (its audit entry), else the platform's own.
  await sql`
    update discounts set organisation_id = coalesce(
      (select locations.organisation_id from plans join locations on locations.id = plans.location_id
        where plans.id = discounts.plan_id),
      (select audit_log.organisation_id from audit_log
        where audit_log.subject_type = 'discount' and audit_log.subject_id = discounts.id
        order by audit_log.created_at limit 1),
      (select operator_memberships.organisation_id from operator_memberships
        where operator_memberships.platform = 1 order by operator_memberships.created_at limit 1)
    )`.execute(db);

  await db.schema
    .createTable("driver_suspensions")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("organisation_id", "text", (c) => c.notNull().references("organisations.id"))
    .addColumn("suspended_by", "text", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("driver_suspensions_pk", ["user_id", "organisation_id"])
    .execute();

  await db.schema.alterTable("audit_log").addColumn("location_id", "text").execute();
  await sql`
    update audit_log set location_id = case subject_type
      when 'location' then subject_id
      when 'device' then (select location_id from devices where devices.id = audit_log.subject_id)
      when 'payment' then (select location_id from payments where payments.id = audit_log.subject_id)
      when 'plan' then (select location_id from plans where plans.id = audit_log.subject_id)
      when 'event' then (select location_id from events where events.id = audit_log.subject_id)
      when 'subscription' then (select plans.location_id from subscriptions
        join plans on plans.id = subscriptions.plan_id where subscriptions.id = audit_log.subject_id)
      when 'discount' then (select plans.location_id from discounts
        join plans on plans.id = discounts.plan_id where discounts.id = audit_log.subject_id)
      else null end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_log").dropColumn("location_id").execute();
  await db.schema.dropTable("driver_suspensions").execute();
  await db.schema.alterTable("discounts").dropColumn("organisation_id").execute();
  for (const column of ["faq", "support_phone", "support_email", "location_ids"])
    await db.schema.alterTable("hosts").dropColumn(column).execute();
}
