import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import { listLocationsOf } from "./repository/locations.ts";
import { findMembership, grantedLocationIds } from "./repository/team.ts";

/**
 * What an operator may reach (docs/product/operators.md, docs/decisions/0041): the locations of one
 * organisation, all of them or only those granted (a staff member). Loaded once per `admin/…`
 * request by the guard (plugins/authenticate.ts); every console query filters by it, so another
 * organisation's id answers `object_not_found`, as if it did not exist.
 */
export interface OperatorScope {
  userId: string;
  organisationId: string;
  /** Also manages hosts and organisations. */
  platform: boolean;
  /** null: every location of the organisation. */
  locationIds: string[] | null;
}

/** The caller's scope; an administrator who belongs to no organisation may do nothing. */
export async function loadOperatorScope(db: Executor, userId: string): Promise<OperatorScope> {
  const membership = await findMembership(db, userId);
  if (!membership) throw new AppError("forbidden_access");
  const granted = await grantedLocationIds(db, userId);
  return {
    userId,
    organisationId: membership.organisation_id,
    platform: membership.platform === 1,
    locationIds: granted.length > 0 ? granted : null,
  };
}

/** Whether a location belongs to what the operator may see. */
export const canReach = (scope: OperatorScope, location: { id: string; organisation_id: string }): boolean =>
  location.organisation_id === scope.organisationId &&
  (scope.locationIds === null || scope.locationIds.includes(location.id));

/** The location if the operator may see it; else exactly what a missing one answers. */
export function reachable<T extends { id: string; organisation_id: string }>(
  scope: OperatorScope,
  location: T | undefined,
): T {
  if (!location || !canReach(scope, location)) throw new AppError("object_not_found");
  return location;
}

/** Organisation-wide actions (opening a location, adding an operator) are not for a staff member limited to some locations. */
export function assertWholeOrganisation(scope: OperatorScope): void {
  if (scope.locationIds !== null) throw new AppError("forbidden_access");
}

/** The scope the `admin/…` guard (plugins/authenticate.ts) loaded for the caller. */
export function scopeOf(request: Pick<FastifyRequest, "operator">): OperatorScope {
  if (!request.operator) throw new Error("admin route outside the admin/… guard");
  return request.operator;
}

/** Hosts and organisations are the platform role's (docs/product/operators.md); an organisation's operator is refused. */
export function assertPlatform(scope: OperatorScope): void {
  if (!scope.platform) throw new AppError("forbidden_access");
}

/** The ids of every location the operator may see. */
export async function reachableLocationIds(db: Executor, scope: OperatorScope): Promise<string[]> {
  return scope.locationIds ?? (await listLocationsOf(db, scope.organisationId, null)).map((location) => location.id);
}

/** One of the operator's locations by id; another organisation's, or a missing one, answers `object_not_found`. */
export async function reachableLocation(db: Executor, scope: OperatorScope, locationId: string) {
  return reachable(scope, await findLocationById(db, locationId));
}
