import { type Executor, forUpdate } from "../../../db/database.ts";
import type { NewRow } from "../../../db/schema.ts";

/** The queries of operators, their organisations, memberships and location grants. */

export function findMembership(db: Executor, userId: string) {
  return db.selectFrom("operator_memberships").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export async function grantedLocationIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("operator_location_grants")
    .select("location_id")
    .where("user_id", "=", userId)
    .orderBy("location_id")
    .execute();
  return rows.map((row) => row.location_id);
}

export function findOrganisation(db: Executor, organisationId: string) {
  return db.selectFrom("organisations").selectAll().where("id", "=", organisationId).executeTakeFirstOrThrow();
}

export function listMembersOf(db: Executor, organisationId: string) {
  return db
    .selectFrom("operator_memberships")
    .innerJoin("users", "users.id", "operator_memberships.user_id")
    .select([
      "users.id",
      "users.phone",
      "users.first_name",
      "users.last_name",
      "operator_memberships.organisation_id",
      "operator_memberships.platform",
    ])
    .where("operator_memberships.organisation_id", "=", organisationId)
    .where("users.deleted_at", "is", null)
    .orderBy("users.phone")
    .execute();
}

export async function grantsOf(db: Executor, userIds: string[]): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom("operator_location_grants")
    .select(["user_id", "location_id"])
    .where("user_id", "in", userIds.length ? userIds : [""])
    .orderBy("location_id")
    .execute();
  const grants = new Map<string, string[]>();
  for (const row of rows) grants.set(row.user_id, [...(grants.get(row.user_id) ?? []), row.location_id]);
  return grants;
}

export async function insertMembership(db: Executor, membership: NewRow<"operator_memberships">): Promise<void> {
  await db.insertInto("operator_memberships").values(membership).execute();
}

export async function replaceGrants(db: Executor, userId: string, locationIds: string[]): Promise<void> {
  await db.deleteFrom("operator_location_grants").where("user_id", "=", userId).execute();
  if (locationIds.length > 0)
    await db
      .insertInto("operator_location_grants")
      .values(locationIds.map((location_id) => ({ user_id: userId, location_id })))
      .execute();
}

/** Takes a member out of their organisation: no membership, no grants, back to a driver's role. */
export async function removeMembership(db: Executor, userId: string, at: string): Promise<void> {
  await db.deleteFrom("operator_location_grants").where("user_id", "=", userId).execute();
  await db.deleteFrom("operator_memberships").where("user_id", "=", userId).execute();
  await db.updateTable("users").set({ role: "driver", updated_at: at }).where("id", "=", userId).execute();
}

/** Locks the organisation's row: changes to its team are made one at a time (the last-operator rule). */
export function lockOrganisation(db: Executor, organisationId: string) {
  return db
    .selectFrom("organisations")
    .select("id")
    .where("id", "=", organisationId)
    .$call(forUpdate(db))
    .executeTakeFirst();
}

/** Members of the organisation who see every location (no grants), other than `exceptUserId`. */
export async function countWholeMembers(db: Executor, organisationId: string, exceptUserId: string): Promise<number> {
  const row = await db
    .selectFrom("operator_memberships")
    .innerJoin("users", "users.id", "operator_memberships.user_id")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("operator_memberships.organisation_id", "=", organisationId)
    .where("operator_memberships.user_id", "<>", exceptUserId)
    .where("users.deleted_at", "is", null)
    .where("users.status", "=", "active")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("operator_location_grants")
            .select("operator_location_grants.user_id")
            .whereRef("operator_location_grants.user_id", "=", "operator_memberships.user_id"),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// Organisations (platform role)

export function listOrganisationsWithCounts(db: Executor) {
  return db
    .selectFrom("organisations")
    .selectAll("organisations")
    .select((eb) => [
      eb
        .selectFrom("operator_memberships")
        .select((m) => m.fn.countAll<number>().as("n"))
        .whereRef("operator_memberships.organisation_id", "=", "organisations.id")
        .as("operators"),
      eb
        .selectFrom("locations")
        .select((l) => l.fn.countAll<number>().as("n"))
        .whereRef("locations.organisation_id", "=", "organisations.id")
        .as("locations"),
    ])
    .orderBy("organisations.name")
    .orderBy("organisations.id")
    .execute();
}

export function findOrganisationById(db: Executor, organisationId: string) {
  return db.selectFrom("organisations").selectAll().where("id", "=", organisationId).executeTakeFirst();
}

export async function insertOrganisation(db: Executor, organisation: NewRow<"organisations">): Promise<void> {
  await db.insertInto("organisations").values(organisation).execute();
}

export async function makeAdmin(db: Executor, userId: string, at: string): Promise<void> {
  await db.updateTable("users").set({ role: "admin", updated_at: at }).where("id", "=", userId).execute();
}

/** Which of these locations belong to the organisation (any organisation's when it is null: a host of none). */
export async function locationsOfOrganisation(
  db: Executor,
  organisationId: string | null,
  locationIds: string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom("locations")
    .select("id")
    .where("id", "in", locationIds)
    .$if(organisationId !== null, (query) => query.where("organisation_id", "=", organisationId ?? ""))
    .execute();
  return rows.map((row) => row.id);
}
