import type { Country } from "@estaciona/contracts";
import { addDays, dateIn, periodLastDay } from "@estaciona/contracts/periods";
import type { CreateSubscriptionBody, PlanQuote, SubscriptionCharge } from "@estaciona/contracts/schemas/subscriptions";
import { type Executor, inTransaction } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { isoAfter } from "../../lib/time.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import type { LocationRow } from "../parking/locations/service.ts";
import { findActiveVehicleOfUser } from "../parking/visits/repository.ts";
import { emailAllowedAt } from "../parking/visits/service.ts";
import { type ChargeResult, chargeFailure } from "../payments/ledger.ts";
import { findCardOfUser, findCardToCharge } from "../payments/repository.ts";
import { assertNotSuspendedAt } from "../users/suspensions.ts";
import { type BillingDeps, chargePeriod, INCOMPLETE_EXPIRES_SECONDS } from "./billing.ts";
import { requireSubscriptionOfUser } from "./passes.ts";
import { requirePlan } from "./plans.ts";
import { appliedDiscount, presentDetail, presentPlan } from "./presenter.ts";
import { periodPrice, renewalsOf } from "./pricing.ts";
import { assertDiscountFits, usableDiscount } from "./promo-codes.ts";
import { buyPassByReference } from "./reference-purchase.ts";
import { findSubscriptionById } from "./repository/passes.ts";
import { findPeriod } from "./repository/periods.ts";
import { countLivePassesByPlan, type PlanRow } from "./repository/plans.ts";
import { type PassOrder, reservePass } from "./reservation.ts";
import { payableByDriver } from "./status.ts";

/** Buying a pass: the quote, the purchase and its first charge, paying a pass that waits for its money. */

type UserRow = Row<"users">;

/** How far ahead a pass may be scheduled to start (docs/decisions/0020). */
export const MAX_START_DAYS_AHEAD = 90;

/** The first day of a new pass: today on the lot's clock, or a chosen day up to 90 days ahead. */
function startDateOf(
  location: LocationRow,
  requested: string | undefined,
  now: number,
): { start: string; today: string } {
  const today = dateIn(location.time_zone, now);
  const start = requested ?? today;
  if (start < today || start > addDays(today, MAX_START_DAYS_AHEAD))
    throw new AppError("invalid_data", { messageKey: "errors.api_start_date_invalid" });
  return { start, today };
}

/** Who may buy the plan: an active plan, the location's e-mail domain, the student id it needs. */
function assertMayBuy(plan: PlanRow, location: LocationRow, user: UserRow): void {
  if (plan.status !== "active" || location.active !== 1) throw new AppError("location_not_available");
  if (!emailAllowedAt(location, user)) throw new AppError("location_email_blocked");
  if (plan.requires_student_id === 1 && !user.student_id)
    throw new AppError("missing_parameters", { messageKey: "errors.api_student_id_required" });
}

export async function quotePlan(
  db: Executor,
  user: UserRow,
  planId: string,
  query: { start_date?: string; discount_code?: string },
): Promise<PlanQuote> {
  const { plan, location } = await requirePlan(db, planId);
  const { start, today } = startDateOf(location, query.start_date, Date.now());
  const discount = query.discount_code ? await usableDiscount(db, query.discount_code, user.id, today) : null;
  if (discount) assertDiscountFits(discount, plan, location);
  const live = await countLivePassesByPlan(db, [plan.id]);
  const first = periodPrice(plan, location, discount, 1);
  return {
    plan: presentPlan(plan, location, live.get(plan.id) ?? 0),
    start_date: start,
    last_day: periodLastDay(start, plan.interval_unit, 1),
    charged_now: start === today,
    first_period: first.amounts,
    renewals: renewalsOf(plan, location, discount, start),
    discount: appliedDiscount(discount),
  };
}

/** The card a pass is paid with: the one chosen (a verified card of the lot's country) or the default one. */
async function cardToCharge(db: Executor, userId: string, country: Country, chosen: string | undefined) {
  const card = chosen
    ? await findCardOfUser(db, userId, chosen, { verified: true })
    : await findCardToCharge(db, userId, country, false);
  if (chosen && card?.country !== country) throw new AppError("invalid_payment_method");
  if (!card) throw new AppError("no_payment_method");
  return card;
}

const paymentOf = (result: ChargeResult | null): SubscriptionCharge["payment"] =>
  result
    ? {
        uuid: result.payment.id,
        status: result.status,
        redirect_url: result.status === "requires_action" ? result.redirectUrl : null,
      }
    : null;

/**
 * `POST user/subscription`: buys a pass. In one transaction the plan's places are counted under
 * a named lock (`plan_availability_reached`), the vehicle's pass at the location is checked (and a
 * unique index stands behind it), the promo code's redemption is taken atomically, and the pass
 * and its first period are written. Then the first period is charged through the ledger with the
 * request's Idempotency-Key — or, for a later first day, the pass waits in `trial` and is charged
 * that day. A declined or 3-D-Secure-pending first payment leaves it `incomplete` (23 hours).
 */
export async function createSubscription(
  deps: BillingDeps,
  user: UserRow,
  body: CreateSubscriptionBody,
  idempotencyKey: string,
  returnOrigin: string,
): Promise<SubscriptionCharge> {
  const { plan, location } = await requirePlan(deps.db, body.plan_uuid);
  assertMayBuy(plan, location, user);
  await assertNotSuspendedAt(deps.db, user.id, location.id);
  const vehicle = await findActiveVehicleOfUser(deps.db, user.id, body.vehicle_uuid);
  if (!vehicle) throw new AppError("vehicle_not_found");
  const now = Date.now();
  const { start, today } = startDateOf(location, body.start_date, now);
  const discount = body.discount_code ? await usableDiscount(deps.db, body.discount_code, user.id, today) : null;
  if (discount) assertDiscountFits(discount, plan, location);
  const chargedNow = start === today;
  const first = periodPrice(plan, location, discount, 1);
  if (chargedNow && body.expected_total !== undefined && body.expected_total !== first.amounts.total)
    throw new AppError("invalid_payment", { status: 409, messageKey: "errors.api_price_changed" });

  const order: PassOrder = {
    user,
    plan,
    location,
    vehicle,
    discount,
    start,
    chargedNow,
    returnOrigin,
    subscriptionId: newId(),
    expiresAt: isoAfter(INCOMPLETE_EXPIRES_SECONDS, now),
  };
  if (body.reference_rail) {
    if (!chargedNow) throw new AppError("invalid_payment_method", { messageKey: "payments.reference_starts_today" });
    return buyPassByReference(deps, order, first.amounts, body.reference_rail, idempotencyKey);
  }
  const card = await cardToCharge(deps.db, user.id, location.country, body.payment_method_uuid);
  const subscriptionId = order.subscriptionId;
  const period = await inTransaction(deps.db, (tx) => reservePass(tx, order));

  let result: ChargeResult | null = null;
  if (chargedNow) {
    result = await chargePeriod(deps, period, {
      paymentMethodId: card.id,
      idempotencyKey,
      returnOrigin,
      declineCode: "subscription_creation_failed",
    });
    const failure = result && chargeFailure(result);
    if (failure) throw failure;
  }
  const subscription = await findSubscriptionById(deps.db, subscriptionId);
  if (!subscription) throw new Error(`Pass ${subscriptionId} vanished`);
  return { subscription: await presentDetail(deps.db, subscription), payment: paymentOf(result) };
}

/** `POST user/subscription/{uuid}/pay`: the driver pays a pass waiting for its money now. */
export async function paySubscription(
  deps: BillingDeps,
  user: UserRow,
  subscriptionId: string,
  body: { payment_method_uuid?: string },
  idempotencyKey: string,
  returnOrigin: string,
): Promise<SubscriptionCharge> {
  const subscription = await requireSubscriptionOfUser(deps.db, user.id, subscriptionId);
  if (!payableByDriver(subscription.status)) throw new AppError("subscription_update_failed");
  const period = await findPeriod(deps.db, subscription.id, subscription.current_period);
  if (!period) throw new Error(`Pass ${subscription.id} has no current period`);
  const location = await findLocationById(deps.db, subscription.location_id);
  if (!location) throw new Error(`Pass ${subscription.id} points at a missing location`);
  const card = await cardToCharge(deps.db, user.id, location.country, body.payment_method_uuid);
  const result = await chargePeriod(deps, period, {
    paymentMethodId: card.id,
    idempotencyKey,
    returnOrigin,
    declineCode: "subscription_creation_failed",
  });
  const failure = result && chargeFailure(result);
  if (failure) throw failure;
  const updated = await findSubscriptionById(deps.db, subscription.id);
  return { subscription: await presentDetail(deps.db, updated ?? subscription), payment: paymentOf(result) };
}
