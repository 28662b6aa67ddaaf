import { lockName, type Tx, underUniqueRule } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import type { LocationRow } from "../parking/locations/service.ts";
import { lockActiveUser } from "../users/service.ts";
import { openPeriod } from "./billing.ts";
import { discountUnavailable, type usableDiscount } from "./promo-codes.ts";
import {
  findLivePassOfVehicleAt,
  insertSubscription,
  lockSubscription,
  type SubscriptionRow,
  updateSubscriptionRow,
} from "./repository/passes.ts";
import { findPeriod, hasLiveChargeForPeriod, type PeriodRow } from "./repository/periods.ts";
import { countLivePassesByPlan, type PlanRow } from "./repository/plans.ts";
import { insertRedemption, releaseRedemption, takeRedemption } from "./repository/promo-codes.ts";
import { expiresUnpaid } from "./status.ts";

/** A new pass taking its place, before its first period is charged (by card or by reference). */

/**
 * Ends a pass that never got paid so a new purchase can take its place (a driver retrying with
 * another card after a decline); one with a charge still in flight is left to settle.
 */
async function supersedeIncomplete(tx: Tx, found: SubscriptionRow | undefined): Promise<void> {
  const existing = found && (await lockSubscription(tx, found.id));
  if (!existing) return;
  const first = await findPeriod(tx, existing.id, existing.current_period);
  if (!expiresUnpaid(existing.status) || (first && (await hasLiveChargeForPeriod(tx, first.id))))
    throw new AppError("subscription_already_active");
  const now = nowIso();
  await updateSubscriptionRow(tx, existing.id, { status: "expired", ended_at: now, updated_at: now });
  if (existing.discount_id) await releaseRedemption(tx, existing.id, existing.discount_id);
}

/** What a driver asks for when buying a pass, checked and priced, before anything is written. */
export interface PassOrder {
  user: Row<"users">;
  plan: PlanRow;
  location: LocationRow;
  vehicle: { id: string; plate: string };
  discount: Awaited<ReturnType<typeof usableDiscount>> | null;
  start: string;
  chargedNow: boolean;
  returnOrigin: string;
  subscriptionId: string;
  /** When an unpaid first period lets its place go. */
  expiresAt: string;
}

/**
 * Takes a place for the pass in the caller's transaction: the plan's places counted under a named
 * lock (`plan_availability_reached`), the vehicle's pass at the location checked (a unique index
 * behind it), the promo code's redemption taken atomically, the pass and its first period written.
 */
export async function reservePass(tx: Tx, order: PassOrder, periodId?: string): Promise<PeriodRow> {
  const { discount } = order;
  // The lock order (ARCHITECTURE.md): the driver's row first — an account deletion takes it too,
  // so it either sees this pass or this purchase sees the account gone — then the plan's places.
  if (!(await lockActiveUser(tx, order.user.id))) throw new AppError("authentication_error");
  await lockName(tx, `plan:${order.plan.id}`);
  await supersedeIncomplete(tx, await findLivePassOfVehicleAt(tx, order.vehicle.id, order.location.id));
  const live = (await countLivePassesByPlan(tx, [order.plan.id])).get(order.plan.id) ?? 0;
  if (order.plan.availability !== null && live >= order.plan.availability)
    throw new AppError("plan_availability_reached");
  const at = nowIso();
  const subscription: SubscriptionRow = {
    id: order.subscriptionId,
    user_id: order.user.id,
    vehicle_id: order.vehicle.id,
    plan_id: order.plan.id,
    location_id: order.location.id,
    status: order.chargedNow ? "incomplete" : "trial",
    anchor_date: order.start,
    anchor_period: 1,
    current_period: 1,
    cancel_at_period_end: 0,
    discount_id: discount?.id ?? null,
    failed_attempts: 0,
    next_retry_at: null,
    reminded_period: null,
    expires_at: order.chargedNow ? order.expiresAt : null,
    canceled_at: null,
    ended_at: null,
    origin: order.returnOrigin,
    created_at: at,
    updated_at: at,
  };
  await underUniqueRule("subscription_already_active", () => insertSubscription(tx, subscription));
  if (discount) {
    if (!(await takeRedemption(tx, discount.id))) throw discountUnavailable("spent");
    await underUniqueRule(
      "discount_not_available",
      () =>
        insertRedemption(tx, {
          id: newId(),
          discount_id: discount.id,
          user_id: order.user.id,
          subscription_id: order.subscriptionId,
          created_at: at,
        }),
      // Two checkouts of one driver racing with one code: the second finds the first's row.
      { reason: "used" },
    );
  }
  return openPeriod(tx, subscription, 1, periodId);
}
