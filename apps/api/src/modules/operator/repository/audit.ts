import type { Executor } from "../../../db/database.ts";
import type { NewRow } from "../../../db/schema.ts";

/** The audit log's queries. */

export async function insertAudit(db: Executor, entry: NewRow<"audit_log">): Promise<void> {
  await db.insertInto("audit_log").values(entry).execute();
}

/**
 * The location a change is about, found from its subject (docs/decisions/0169): the subject itself
 * for a location or a meter zone, else the row's location; null for organisation-wide subjects
 * (hosts, organisations, operators, drivers, invoices, codes for every plan).
 */
export async function locationOfSubject(db: Executor, subject: { type: string; id: string }): Promise<string | null> {
  const id = subject.id;
  const row = await (() => {
    switch (subject.type) {
      case "location":
        return db.selectFrom("locations").select("id as location_id").where("id", "=", id).executeTakeFirst();
      case "device":
        return db.selectFrom("devices").select("location_id").where("id", "=", id).executeTakeFirst();
      case "payment":
        return db.selectFrom("payments").select("location_id").where("id", "=", id).executeTakeFirst();
      case "plan":
        return db.selectFrom("plans").select("location_id").where("id", "=", id).executeTakeFirst();
      case "event":
        return db.selectFrom("events").select("location_id").where("id", "=", id).executeTakeFirst();
      case "subscription":
        return db
          .selectFrom("subscriptions")
          .innerJoin("plans", "plans.id", "subscriptions.plan_id")
          .select("plans.location_id")
          .where("subscriptions.id", "=", id)
          .executeTakeFirst();
      case "discount":
        return db
          .selectFrom("discounts")
          .innerJoin("plans", "plans.id", "discounts.plan_id")
          .select("plans.location_id")
          .where("discounts.id", "=", id)
          .executeTakeFirst();
      case "dispute":
        return db.selectFrom("receipt_disputes").select("location_id").where("id", "=", id).executeTakeFirst();
      default:
        return undefined;
    }
  })();
  return row?.location_id ?? null;
}

/**
 * An organisation's log, newest first, with the location each entry is about. A staff member
 * limited to some locations (`locationIds`) reads only their locations' entries and their own.
 */
export function listAuditOf(
  db: Executor,
  scope: { organisationId: string; userId: string; locationIds: string[] | null },
  before: { createdAt: string; id: string } | undefined,
  limit: number,
) {
  const limited = scope.locationIds;
  return db
    .selectFrom("audit_log")
    .innerJoin("users", "users.id", "audit_log.actor_user_id")
    .leftJoin("locations", "locations.id", "audit_log.location_id")
    .selectAll("audit_log")
    .select([
      "users.first_name",
      "users.last_name",
      "users.phone",
      "locations.name as location_name",
      "locations.time_zone as location_time_zone",
      "locations.currency as location_currency",
    ])
    .where("audit_log.organisation_id", "=", scope.organisationId)
    .$if(limited !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("audit_log.actor_user_id", "=", scope.userId),
          ...(limited && limited.length > 0 ? [eb("audit_log.location_id", "in", limited)] : []),
        ]),
      ),
    )
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("audit_log.created_at", "<", before?.createdAt ?? ""),
          eb.and([eb("audit_log.created_at", "=", before?.createdAt ?? ""), eb("audit_log.id", "<", before?.id ?? "")]),
        ]),
      ),
    )
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(limit)
    .execute();
}
