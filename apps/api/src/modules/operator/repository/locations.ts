import type { Executor } from "../../../db/database.ts";
import type { NewRow, RowUpdate } from "../../../db/schema.ts";

/** The console's queries of an organisation's locations. */

/** The organisation's locations, all or only `onlyIds`, by name. */
export function listLocationsOf(db: Executor, organisationId: string, onlyIds: string[] | null) {
  return db
    .selectFrom("locations")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .$if(onlyIds !== null, (qb) => qb.where("id", "in", onlyIds?.length ? onlyIds : [""]))
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function insertLocation(db: Executor, location: NewRow<"locations">): Promise<void> {
  await db.insertInto("locations").values(location).execute();
}

export function updateLocation(db: Executor, locationId: string, changes: RowUpdate<"locations">) {
  return db.updateTable("locations").set(changes).where("id", "=", locationId).returningAll().executeTakeFirstOrThrow();
}

/** Stays still open (entered and not settled) per location. */
export async function openStaysByLocation(db: Executor, locationIds: string[]): Promise<Map<string, number>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("visits")
    .select(["location_id", (eb) => eb.fn.countAll<number>().as("open")])
    .where("location_id", "in", locationIds)
    .where("status", "in", ["in_progress", "pending_payment"])
    .groupBy("location_id")
    .execute();
  return new Map(rows.map((row) => [row.location_id, Number(row.open)]));
}
