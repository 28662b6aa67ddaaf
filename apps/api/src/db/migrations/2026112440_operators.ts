import { type Kysely, sql } from "kysely";
import { timestamp } from "../column-types.ts";

/**
 * Who may do what in the console (docs/product/operators.md, docs/decisions/0041): an operator's membership in
 * one organisation (optionally limited to some of its locations; `platform` also manages hosts and
 * organisations), the audit log of every operator change, and devices that can be renamed and revoked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("operator_memberships")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id"))
    .addColumn("organisation_id", "text", (c) => c.notNull().references("organisations.id"))
    .addColumn("platform", "integer", (c) => c.notNull().defaultTo(0).check(sql`platform in (0, 1)`))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("operator_memberships_organisation")
    .on("operator_memberships")
    .column("organisation_id")
    .execute();

  // A member with rows here sees only these locations (a staff member); none: every location of the organisation.
  await db.schema
    .createTable("operator_location_grants")
    .addColumn("user_id", "text", (c) => c.notNull().references("operator_memberships.user_id"))
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addPrimaryKeyConstraint("operator_location_grants_pk", ["user_id", "location_id"])
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organisation_id", "text", (c) => c.references("organisations.id"))
    .addColumn("actor_user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    // JSON of the subject's values before and after the change (null when created or removed).
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_log_organisation")
    .on("audit_log")
    .columns(["organisation_id", "created_at", "id"])
    .execute();

  await db.schema.alterTable("devices").addColumn("name", "text").execute();
  await db.schema.alterTable("devices").addColumn("revoked_at", timestamp).execute();

  // The console's payment search pages by time, newest first.
  await db.schema.createIndex("payments_created").on("payments").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payments_created").execute();
  await db.schema.alterTable("devices").dropColumn("revoked_at").execute();
  await db.schema.alterTable("devices").dropColumn("name").execute();
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("operator_location_grants").execute();
  await db.schema.dropTable("operator_memberships").execute();
}
