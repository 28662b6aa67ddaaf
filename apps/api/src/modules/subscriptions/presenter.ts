import { referenceRailOf } from "@estaciona/contracts/payment-rails";
import {
  addDays,
  type CalendarDate,
  periodEndDate,
  periodStartDate,
  renews,
  startOfDayIn,
} from "@estaciona/contracts/periods";
import type { ReferenceRail } from "@estaciona/contracts/schemas/references";
import type {
  Plan,
  SubscriptionDetail,
  SubscriptionPayment,
  SubscriptionSummary,
} from "@estaciona/contracts/schemas/subscriptions";
import type { Executor } from "../../db/database.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import type { LocationRow } from "../parking/locations/service.ts";
import { findVehicleById } from "../parking/visits/repository.ts";
import { referenceStatusOf } from "../payments/ledger.ts";
import { periodPrice, planDiscountRule } from "./pricing.ts";
import type { SubscriptionRow } from "./repository/passes.ts";
import {
  findSucceededChargeOfPeriod,
  listLedgerRowsOfPasses,
  listPeriodsOf,
  type PeriodRow,
} from "./repository/periods.ts";
import { countLivePassesByPlan, findPlanById, type PlanRow } from "./repository/plans.ts";
import { type DiscountRow, findDiscountById } from "./repository/promo-codes.ts";

/** Period `n` of a pass on the lot's calendar and clock (counted from its anchor, docs/decisions/0020). */
export function periodDates(
  subscription: Pick<SubscriptionRow, "anchor_date" | "anchor_period">,
  plan: Pick<PlanRow, "interval_unit">,
  timeZone: string,
  n: number,
) {
  const local = n - subscription.anchor_period + 1;
  const start_date = periodStartDate(subscription.anchor_date, plan.interval_unit, local);
  const end_date = periodEndDate(subscription.anchor_date, plan.interval_unit, local);
  return {
    start_date,
    end_date,
    starts_at: startOfDayIn(timeZone, start_date),
    ends_at: startOfDayIn(timeZone, end_date),
  };
}

const lastDayOf = (period: Pick<PeriodRow, "end_date">): CalendarDate => addDays(period.end_date, -1);

export function presentPlan(plan: PlanRow, location: LocationRow, livePasses: number): Plan {
  return {
    uuid: plan.id,
    name: plan.name,
    cost: plan.cost,
    currency: plan.currency,
    interval: plan.interval_unit,
    availability: plan.availability,
    places_left: plan.availability === null ? null : Math.max(0, plan.availability - livePasses),
    requires_student_id: plan.requires_student_id === 1,
    discount: planDiscountRule(plan),
    status: plan.status,
    location: {
      uuid: location.id,
      name: location.name,
      address: location.address,
      time_zone: location.time_zone,
      country: location.country,
      email_domain: location.email_domain,
    },
    period_price: periodPrice(plan, location, null, 1).amounts,
  };
}

/** Plans with their locations and places left, in the order given. */
export async function presentPlans(db: Executor, plans: PlanRow[]): Promise<Plan[]> {
  const live = await countLivePassesByPlan(
    db,
    plans.map((plan) => plan.id),
  );
  const locations = new Map<string, LocationRow>();
  for (const plan of plans)
    if (!locations.has(plan.location_id)) {
      const location = await findLocationById(db, plan.location_id);
      if (!location) throw new Error(`Plan ${plan.id} points at a missing location`);
      locations.set(plan.location_id, location);
    }
  return plans.map((plan) => presentPlan(plan, locations.get(plan.location_id) as LocationRow, live.get(plan.id) ?? 0));
}

interface PassContext {
  subscription: SubscriptionRow;
  plan: PlanRow;
  location: LocationRow;
  periods: PeriodRow[];
  discount: DiscountRow | null;
  plate: string;
}

export const appliedDiscount = (discount: DiscountRow | null) =>
  discount ? { code: discount.code, kind: discount.kind, value: discount.value, periods: discount.periods } : null;

async function summarise(
  db: Executor,
  { subscription, plan, location, periods, discount, plate }: PassContext,
): Promise<SubscriptionSummary> {
  const current = periods.find((period) => period.number === subscription.current_period) ?? periods.at(-1);
  if (!current) throw new Error(`Pass ${subscription.id} has no period`);
  const ending = subscription.cancel_at_period_end === 1 || !renews(plan.interval_unit);
  const endedEarly =
    subscription.status === "expired" || (subscription.status === "canceled" && current.status !== "paid");
  const live = ["trial", "active", "past_due"].includes(subscription.status);
  let nextCharge: SubscriptionSummary["next_charge"] = null;
  if (subscription.status === "trial") nextCharge = { date: current.start_date, total: current.total };
  else if (live && !ending) {
    const nextNumber = current.number + 1;
    const next = periodDates(subscription, plan, location.time_zone, nextNumber);
    nextCharge = { date: next.start_date, total: periodPrice(plan, location, discount, nextNumber).amounts.total };
  }
  return {
    uuid: subscription.id,
    status: subscription.status,
    plan: { uuid: plan.id, name: plan.name, interval: plan.interval_unit },
    location: { uuid: location.id, name: location.name, time_zone: location.time_zone },
    vehicle: { uuid: subscription.vehicle_id, plate },
    start_date: periods[0]?.start_date ?? subscription.anchor_date,
    current_last_day: lastDayOf(current),
    cancel_at_period_end: subscription.cancel_at_period_end === 1,
    ends_on: endedEarly ? null : ending || subscription.status === "canceled" ? lastDayOf(current) : null,
    next_charge: nextCharge,
    renews_by: nextCharge ? await renewsBy(db, subscription, periods) : null,
    currency: plan.currency,
  };
}

async function contextOf(db: Executor, subscription: SubscriptionRow, periods: PeriodRow[]): Promise<PassContext> {
  const [plan, location, vehicle, discount] = await Promise.all([
    findPlanById(db, subscription.plan_id),
    findLocationById(db, subscription.location_id),
    findVehicleById(db, subscription.vehicle_id),
    subscription.discount_id ? findDiscountById(db, subscription.discount_id) : undefined,
  ]);
  if (!plan || !location || !vehicle) throw new Error(`Pass ${subscription.id} points at a missing row`);
  return { subscription, plan, location, periods, discount: discount ?? null, plate: vehicle.plate };
}

export async function presentSummaries(db: Executor, subscriptions: SubscriptionRow[]): Promise<SubscriptionSummary[]> {
  const periods = await listPeriodsOf(
    db,
    subscriptions.map((subscription) => subscription.id),
  );
  return Promise.all(
    subscriptions.map(async (subscription) =>
      summarise(
        db,
        await contextOf(
          db,
          subscription,
          periods.filter((period) => period.subscription_id === subscription.id),
        ),
      ),
    ),
  );
}

export const presentPayment = (
  row: Awaited<ReturnType<typeof listLedgerRowsOfPasses>>[number],
): SubscriptionPayment => ({
  uuid: row.id,
  subscription_uuid: row.subscription_id,
  plan_name: row.plan_name,
  period: row.period,
  kind: row.kind,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null,
  rail: row.rail,
  // A refund of a reference's charge is no reference: only the charge reads as one.
  reference_status: row.kind === "charge" && referenceRailOf(row.rail) ? referenceStatusOf(row) : null,
  created_at: row.created_at,
  time_zone: row.time_zone,
});

/**
 * The rail a pass renews by (docs/decisions/0333): the reference rail its running period was paid
 * with, or null — a card renews it.
 */
export async function renewalRailOf(db: Executor, period: PeriodRow): Promise<ReferenceRail | null> {
  if (period.status !== "paid") return null;
  const charge = await findSucceededChargeOfPeriod(db, period.id);
  return charge ? referenceRailOf(charge.rail) : null;
}

/** How the next period is paid: the running period's reference rail, else the card. */
async function renewsBy(db: Executor, subscription: SubscriptionRow, periods: PeriodRow[]) {
  const current = periods.find((period) => period.number === subscription.current_period);
  return (current && (await renewalRailOf(db, current))) ?? "card";
}

export async function presentDetail(db: Executor, subscription: SubscriptionRow): Promise<SubscriptionDetail> {
  const [periods, payments] = await Promise.all([
    listPeriodsOf(db, [subscription.id]),
    listLedgerRowsOfPasses(db, { userId: subscription.user_id, subscriptionId: subscription.id }),
  ]);
  const context = await contextOf(db, subscription, periods);
  const { location } = context;
  return {
    ...(await summarise(db, context)),
    location: {
      uuid: location.id,
      name: location.name,
      address: location.address,
      time_zone: location.time_zone,
      country: location.country,
      email_domain: location.email_domain,
    },
    discount: appliedDiscount(context.discount),
    expires_at: subscription.status === "incomplete" ? subscription.expires_at : null,
    next_retry_at: subscription.status === "past_due" ? subscription.next_retry_at : null,
    canceled_at: subscription.canceled_at,
    created_at: subscription.created_at,
    periods: periods.map((period) => ({
      number: period.number,
      start_date: period.start_date,
      last_day: lastDayOf(period),
      status: period.status,
      discount: period.discount,
      amounts: {
        subtotal: period.subtotal,
        convenience_fee: period.convenience_fee,
        processing_fee: period.processing_fee,
        tax: period.tax,
        total: period.total,
        currency: period.currency,
      },
    })),
    payments: payments.map(presentPayment),
  };
}
