import type { AddOperatorBody, MemberGrantsBody, OperatorProfile } from "@estaciona/contracts/schemas/operator";
import type { Db, Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { findActiveUserByPhone, findUserById } from "../users/repository.ts";
import { recordAudit } from "./audit.ts";
import { fullName } from "./names.ts";
import {
  countWholeMembers,
  findMembership,
  findOrganisation,
  grantedLocationIds,
  grantsOf,
  insertMembership,
  listMembersOf,
  lockOrganisation,
  makeAdmin,
  removeMembership,
  replaceGrants,
} from "./repository/team.ts";
import { assertWholeOrganisation, type OperatorScope, reachableLocation } from "./scope.ts";

/** The operator's own profile and their organisation's team: who may use the console and where. */

export async function operatorProfile(db: Executor, scope: OperatorScope): Promise<OperatorProfile> {
  const [user, organisation] = await Promise.all([
    findUserById(db, scope.userId),
    findOrganisation(db, scope.organisationId),
  ]);
  return {
    user_uuid: scope.userId,
    name: user ? fullName(user) : "",
    organisation: { uuid: organisation.id, name: organisation.name },
    platform: scope.platform,
    location_uuids: scope.locationIds,
  };
}

export function listOperators(db: Executor, scope: OperatorScope) {
  return listMembers(db, scope.organisationId);
}

/**
 * Makes an existing user an operator of the caller's organisation, optionally limited to some of
 * its locations (`invalid_user` when the phone has no account or belongs to another organisation's operator).
 */
export async function addOperator(db: Db, scope: OperatorScope, body: AddOperatorBody) {
  assertWholeOrganisation(scope);
  const locationIds = [...new Set(body.location_uuids ?? [])];
  await db.transaction().execute(async (tx) => {
    for (const locationId of locationIds) await reachableLocation(tx, scope, locationId);
    await enrol(tx, scope, scope.organisationId, body.phone, locationIds);
  });
  return memberByPhone(db, scope.organisationId, body.phone);
}

/**
 * The one way into an organisation's team: the phone must name an active account that is no other
 * organisation's operator (`invalid_user`, the catalogue's rule for a user who lacks what the
 * action needs). Audited in the organisation's own log.
 */
export async function enrol(
  tx: Executor,
  scope: OperatorScope,
  organisationId: string,
  phone: string,
  locationIds: string[],
): Promise<void> {
  const user = await findActiveUserByPhone(tx, phone, { lock: true });
  if (user?.status !== "active") throw new AppError("invalid_user");
  const membership = await findMembership(tx, user.id);
  if (membership && membership.organisation_id !== organisationId) throw new AppError("invalid_user");
  if (membership && locationIds.length > 0) {
    await lockOrganisation(tx, organisationId);
    await assertAnotherWholeMember(tx, organisationId, user.id);
  }
  const at = nowIso();
  if (!membership)
    await insertMembership(tx, { user_id: user.id, organisation_id: organisationId, platform: 0, created_at: at });
  await makeAdmin(tx, user.id, at);
  await replaceGrants(tx, user.id, locationIds);
  await recordAudit(
    tx,
    { ...scope, organisationId },
    {
      action: "operator.add",
      subject: { type: "user", id: user.id },
      before: membership ? { role: user.role } : null,
      after: { role: "admin", location_uuids: locationIds.length ? locationIds : null },
    },
  );
}

export async function memberByPhone(db: Executor, organisationId: string, phone: string) {
  const member = (await listMembers(db, organisationId)).find((candidate) => candidate.phone === phone);
  if (!member) throw new Error("operator vanished after being added");
  return member;
}

async function listMembers(db: Executor, organisationId: string) {
  const members = await listMembersOf(db, organisationId);
  const grants = await grantsOf(
    db,
    members.map((member) => member.id),
  );
  return members.map((member) => ({
    user_uuid: member.id,
    phone: member.phone,
    name: fullName(member),
    platform: member.platform === 1,
    location_uuids: grants.get(member.id) ?? null,
  }));
}

/**
 * A member of the caller's organisation that the caller may change: only an operator who sees the
 * whole organisation changes its team, anyone else's id does not exist here, and only the platform
 * role changes a platform member. The organisation's row is locked first, so two changes to one
 * team never both pass the last-operator rule.
 */
async function changeableMember(tx: Executor, scope: OperatorScope, userId: string) {
  assertWholeOrganisation(scope);
  await lockOrganisation(tx, scope.organisationId);
  const membership = await findMembership(tx, userId);
  if (!membership || membership.organisation_id !== scope.organisationId) throw new AppError("object_not_found");
  if (membership.platform === 1 && !scope.platform) throw new AppError("forbidden_access");
  return membership;
}

/**
 * The organisation always keeps an active operator who sees every location: taking the last one
 * away (removing them, themselves included, or limiting them) answers `invalid_user`
 * (docs/decisions/0051).
 */
async function assertAnotherWholeMember(tx: Executor, organisationId: string, userId: string) {
  if ((await countWholeMembers(tx, organisationId, userId)) === 0) throw new AppError("invalid_user");
}

/** Removes a member from the organisation; their role goes back to a driver's, so their next console call is refused. */
export async function removeOperator(db: Db, scope: OperatorScope, userId: string) {
  await db.transaction().execute(async (tx) => {
    const membership = await changeableMember(tx, scope, userId);
    await assertAnotherWholeMember(tx, scope.organisationId, userId);
    const before = {
      role: "admin",
      platform: membership.platform === 1,
      location_uuids: await grantedLocationIds(tx, userId),
    };
    await removeMembership(tx, userId, nowIso());
    await recordAudit(tx, scope, {
      action: "operator.remove",
      subject: { type: "user", id: userId },
      before: { ...before, location_uuids: before.location_uuids.length ? before.location_uuids : null },
      after: { role: "driver" },
    });
  });
  return listMembers(db, scope.organisationId);
}

/** Changes the locations a member may see; an empty list lets them see every location. */
export async function updateOperatorGrants(db: Db, scope: OperatorScope, userId: string, body: MemberGrantsBody) {
  const locationIds = [...new Set(body.location_uuids)].sort();
  await db.transaction().execute(async (tx) => {
    await changeableMember(tx, scope, userId);
    for (const locationId of locationIds) await reachableLocation(tx, scope, locationId);
    if (locationIds.length > 0) await assertAnotherWholeMember(tx, scope.organisationId, userId);
    const current = await grantedLocationIds(tx, userId);
    if (JSON.stringify(current) === JSON.stringify(locationIds)) return;
    await replaceGrants(tx, userId, locationIds);
    await recordAudit(tx, scope, {
      action: "operator.grants",
      subject: { type: "user", id: userId },
      before: { location_uuids: current.length ? current : null },
      after: { location_uuids: locationIds.length ? locationIds : null },
    });
  });
  const member = (await listMembers(db, scope.organisationId)).find((candidate) => candidate.user_uuid === userId);
  if (!member) throw new AppError("object_not_found");
  return member;
}
