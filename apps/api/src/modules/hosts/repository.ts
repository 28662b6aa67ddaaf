import type { Executor } from "../../db/database.ts";
import type { RowUpdate } from "../../db/schema.ts";

/** The host row for a hostname, else the default (`estaciona`) host (docs/product/hosts-and-themes.md), with its operator's contact details. */
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

/** Every host with its organisation's name, the default first (the console's hosts screen). */
export function listHostsWithOrganisation(db: Executor) {
  return db
    .selectFrom("hosts")
    .leftJoin("organisations", "organisations.id", "hosts.organisation_id")
    .selectAll("hosts")
    .select("organisations.name as organisation_name")
    .orderBy("hosts.is_default", "desc")
    .orderBy("hosts.hostname")
    .execute();
}

export function findHost(db: Executor, hostname: string) {
  return db.selectFrom("hosts").selectAll().where("hostname", "=", hostname).executeTakeFirst();
}

export async function updateHostRow(db: Executor, hostname: string, changes: RowUpdate<"hosts">): Promise<void> {
  await db.updateTable("hosts").set(changes).where("hostname", "=", hostname).execute();
}

export async function listHostnames(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom("hosts").select("hostname").execute();
  return rows.map((row) => row.hostname);
}

/**
 * The host a location's messages link to when no driver chose one: of the hosts of the location's
 * country, its organisation's own first, then the default, then the plain theme (a university or
 * freeflow host is a particular audience's), then by name.
 */
export async function findHostnameForLocation(
  db: Executor,
  location: { organisation_id: string; country: "mx" | "us" },
): Promise<string | undefined> {
  const row = await db
    .selectFrom("hosts")
    .select("hostname")
    .where("country", "=", location.country)
    .orderBy((eb) => eb.case().when("organisation_id", "=", location.organisation_id).then(0).else(1).end())
    .orderBy("is_default", "desc")
    .orderBy((eb) => eb.case().when("theme", "=", "estaciona").then(0).else(1).end())
    .orderBy("hostname")
    .executeTakeFirst();
  return row?.hostname;
}

/**
 * The locations a host offers (docs/decisions/0165): its organisation's, of its country, and only
 * those it names when it names some. A host with no organisation offers its country's.
 */
export async function listLocationIdsOfHost(
  db: Executor,
  scope: { country: "mx" | "us"; organisationId: string | null; locationIds: string[] | null },
): Promise<string[]> {
  if (scope.locationIds?.length === 0) return [];
  let query = db.selectFrom("locations").select("id").where("country", "=", scope.country);
  if (scope.organisationId) query = query.where("organisation_id", "=", scope.organisationId);
  if (scope.locationIds) query = query.where("id", "in", scope.locationIds);
  const rows = await query.execute();
  return rows.map((row) => row.id);
}
