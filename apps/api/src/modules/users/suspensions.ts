import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { findSuspensionAtLocation, findUserById } from "./repository.ts";

/**
 * An organisation's suspension refuses the driver at that organisation's locations only
 * (docs/decisions/0166): the driver still signs in and parks at every other organisation's lots.
 * The answer names the organisation, so the driver knows whom to ask. The platform role's
 * suspension (the account's status) is refused earlier, by the guard, everywhere.
 */
export async function assertNotSuspendedAt(db: Executor, userId: string, locationId: string): Promise<void> {
  const suspension = await findSuspensionAtLocation(db, userId, locationId);
  if (suspension)
    throw new AppError("user_suspended", {
      messageKey: "errors.api_user_suspended_by",
      params: { organisation: suspension.name },
    });
}

/**
 * Whether anything the driver did not start themselves — a pass's renewal — may charge them at this
 * location: not when the location's organisation suspended them, nor when the platform suspended
 * the account (docs/decisions/0278).
 */
export async function isSuspendedAt(db: Executor, userId: string, locationId: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (user?.status === "suspended") return true;
  return (await findSuspensionAtLocation(db, userId, locationId)) !== undefined;
}
