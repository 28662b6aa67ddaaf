import { compiledOnce } from "../../../db/compiled-once.ts";
import type { Executor } from "../../../db/database.ts";

export function findLocationById(db: Executor, locationId: string) {
  return db.selectFrom("locations").selectAll().where("id", "=", locationId).executeTakeFirst();
}

/** Every active location, for the map (a few hundred rows at most per deployment; no paging yet). */
/** Active locations, only those `locationIds` names when it is given (a host's, docs/decisions/0165). */
export function listActiveLocations(db: Executor, locationIds: string[] | null = null) {
  if (locationIds?.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("locations")
    .selectAll()
    .where("active", "=", 1)
    .$if(locationIds !== null, (query) => query.where("id", "in", locationIds ?? []))
    .orderBy("name")
    .orderBy("id")
    .execute();
}

/** A location with the operator behind it: the name and contact a receipt shows (compiled once: the pay path reads it). */
export const findLocationWithOperator = compiledOnce((db, locationId: string) =>
  db
    .selectFrom("locations")
    .innerJoin("organisations", "organisations.id", "locations.organisation_id")
    .selectAll("locations")
    .select([
      "organisations.name as operator_name",
      "organisations.contact_email as operator_contact_email",
      "organisations.contact_phone as operator_contact_phone",
    ])
    .where("locations.id", "=", locationId),
).first;

export type LocationWithOperator = NonNullable<Awaited<ReturnType<typeof findLocationWithOperator>>>;

/** Each of these locations' time zone, by id. */
export async function timeZonesOfLocations(db: Executor, locationIds: string[]): Promise<Map<string, string>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("locations")
    .select(["id", "time_zone"])
    .where("id", "in", [...new Set(locationIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.time_zone]));
}
