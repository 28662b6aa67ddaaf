import type { DriverDetail } from "@estaciona/contracts/schemas/operator";
import type { Db, Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { removePushSubscriptionsOfUser, revokeExtendLinksOfUser } from "../reminders/index.ts";
import { deleteSuspension, findUserById, insertSuspension, listSuspendedBy } from "../users/repository.ts";
import { recordAudit } from "./audit.ts";
import { fullName } from "./names.ts";
import { presentCharge } from "./payments.ts";
import {
  isCustomerAt,
  passesOfUserAt,
  searchDriversAt,
  setUserStatus,
  staysOfUserAt,
  vehiclesOfUser,
} from "./repository/drivers.ts";
import { searchCharges } from "./repository/payments.ts";
import { type OperatorScope, reachableLocationIds } from "./scope.ts";

/** The console's drivers: the customers of the caller's locations, found by phone or plate, read and suspended. */

export async function searchDrivers(db: Executor, scope: OperatorScope, q: string) {
  const ids = await reachableLocationIds(db, scope);
  const digits = q.replace(/\D/g, "");
  const search =
    /^[\d\s+()-]+$/.test(q) && digits.length >= 4
      ? { phoneDigits: digits }
      : { plate: q.replace(/[\s-]/g, "").toUpperCase() };
  const drivers = await searchDriversAt(db, ids, search);
  const driverIds = drivers.map((driver) => driver.id);
  const [vehicles, suspendedHere] = await Promise.all([
    vehiclesOfUser(db, driverIds),
    listSuspendedBy(db, driverIds, scope.organisationId),
  ]);
  return drivers.map((driver) => ({
    uuid: driver.id,
    phone: driver.phone,
    name: fullName(driver),
    status: statusHere(driver, suspendedHere.has(driver.id)),
    plates: vehicles.filter((vehicle) => vehicle.user_id === driver.id && !vehicle.deleted_at).map((v) => v.plate),
  }));
}

/** How the console reads a driver: suspended by this organisation or by the platform (everywhere), else active. */
const statusHere = (user: { status: "active" | "suspended" }, suspendedHere: boolean): "active" | "suspended" =>
  suspendedHere || user.status === "suspended" ? "suspended" : "active";

/** A driver the operator may see: a customer of one of its locations. Anyone else does not exist here. */
async function reachableDriver(db: Executor, ids: string[], userId: string) {
  const user = await findUserById(db, userId);
  if (!user || user.deleted_at !== null || !(await isCustomerAt(db, userId, ids)))
    throw new AppError("object_not_found");
  return user;
}

export async function driverDetail(db: Executor, scope: OperatorScope, userId: string): Promise<DriverDetail> {
  const ids = await reachableLocationIds(db, scope);
  const user = await reachableDriver(db, ids, userId);
  const [vehicles, stays, passes, payments, suspendedHere] = await Promise.all([
    vehiclesOfUser(db, [user.id]),
    staysOfUserAt(db, user.id, ids),
    passesOfUserAt(db, user.id, ids),
    // By the driver's id (the index of their payments), not by the end of their phone: another
    // driver's longer number can end with theirs, and the phone's match reads the lot's payments.
    searchCharges(db, ids, { userId: user.id }, 50),
    listSuspendedBy(db, [user.id], scope.organisationId),
  ]);
  return {
    uuid: user.id,
    phone: user.phone,
    name: fullName(user),
    status: statusHere(user, suspendedHere.has(user.id)),
    suspended_everywhere: user.status === "suspended",
    email: user.email,
    created_at: user.created_at,
    plates: vehicles.filter((vehicle) => !vehicle.deleted_at).map((vehicle) => vehicle.plate),
    vehicles: vehicles.map((vehicle) => ({
      uuid: vehicle.id,
      plate: vehicle.plate,
      state: vehicle.state,
      deleted: vehicle.deleted_at !== null,
    })),
    stays: stays.map((stay) => ({
      uuid: stay.id,
      location: stay.location_name,
      status: stay.status,
      plate: stay.plate,
      entered_at: stay.entered_at,
      total: stay.total,
      currency: stay.currency,
    })),
    passes: passes.map((pass) => ({
      uuid: pass.id,
      plan: pass.plan_name,
      location: pass.location_name,
      plate: pass.plate,
      status: pass.status,
      cost: pass.cost,
      currency: pass.currency,
      created_at: pass.created_at,
      ended_at: pass.ended_at,
    })),
    payments: payments.map(presentCharge),
  };
}

/**
 * Suspends or restores a driver (docs/decisions/0166). An organisation's suspension refuses the
 * driver at its own locations only; the platform role's is the account's status, refused
 * everywhere by the guard, and only the platform role lifts it. A staff member limited to some
 * locations reaches only the drivers of those. An operator is never suspended here.
 */
export async function setDriverStatus(db: Db, scope: OperatorScope, userId: string, status: "active" | "suspended") {
  await db.transaction().execute(async (tx) => {
    const user = await reachableDriver(tx, await reachableLocationIds(tx, scope), userId);
    if (user.role !== "driver") throw new AppError("invalid_user");
    const here = (await listSuspendedBy(tx, [user.id], scope.organisationId)).has(user.id);
    const everywhere = user.status === "suspended";
    const at = nowIso();
    if (status === "suspended") {
      if (scope.platform ? everywhere : here) return;
      // A suspension ends the driver's extend links (docs/decisions/0196) and pushes (0290) at once.
      await revokeExtendLinksOfUser(tx, user.id);
      await removePushSubscriptionsOfUser(tx, user.id);
      if (scope.platform) await setUserStatus(tx, user.id, "suspended", at);
      else
        await insertSuspension(tx, {
          user_id: user.id,
          organisation_id: scope.organisationId,
          suspended_by: scope.userId,
          created_at: at,
        });
    } else {
      if (!here && !everywhere) return;
      if (everywhere && !scope.platform) throw new AppError("forbidden_access");
      await deleteSuspension(tx, user.id, scope.organisationId);
      if (everywhere) await setUserStatus(tx, user.id, "active", at);
    }
    await recordAudit(tx, scope, {
      action: status === "suspended" ? "driver.suspend" : "driver.restore",
      subject: { type: "user", id: user.id },
      before: { status: statusHere(user, here), everywhere },
      after: { status, everywhere: status === "suspended" && scope.platform },
    });
  });
  return driverDetail(db, scope, userId);
}
