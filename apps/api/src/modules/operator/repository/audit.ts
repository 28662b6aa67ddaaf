import type { Executor } from "../../../db/database.ts";
import type { NewRow } from "../../../db/schema.ts";

/** The audit log's queries. */

export async function insertAudit(db: Executor, entry: NewRow<"audit_log">): Promise<void> {
  await db.insertInto("audit_log").values(entry).execute();
}

export function listAuditOf(
  db: Executor,
  organisationId: string,
  before: { createdAt: string; id: string } | undefined,
  limit: number,
) {
  return db
    .selectFrom("audit_log")
    .innerJoin("users", "users.id", "audit_log.actor_user_id")
    .selectAll("audit_log")
    .select(["users.first_name", "users.last_name", "users.phone"])
    .where("audit_log.organisation_id", "=", organisationId)
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
