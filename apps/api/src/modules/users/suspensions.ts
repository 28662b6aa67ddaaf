import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { findSuspensionAtLocation } from "./repository.ts";

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
