import type { Executor } from "../../db/database.ts";

/** The host row for a hostname, else the default (`estaciona`) host (DESIGN §3), with its operator's contact details. */
export async function findHostOrDefault(db: Executor, hostname: string) {
  const rows = await db
    .selectFrom("hosts")
    .leftJoin("organisations", "organisations.id", "hosts.organisation_id")
    .selectAll("hosts")
    .select(["organisations.contact_email", "organisations.contact_phone"])
    .where((eb) => eb.or([eb("hosts.hostname", "=", hostname), eb("hosts.is_default", "=", 1)]))
    .execute();
  return rows.find((row) => row.hostname === hostname) ?? rows[0];
}
