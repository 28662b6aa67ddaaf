import { type PassPricing, passPeriodPrice, passPriceSteps } from "@estaciona/contracts/pass-pricing";
import { type CalendarDate, periodStartDate, renews } from "@estaciona/contracts/periods";
import { breakdownBody, type FeeBreakdownBody } from "@estaciona/contracts/schemas/parking";
import type { DiscountRule, PlanQuote } from "@estaciona/contracts/schemas/subscriptions";
import { feeRatesOf, type LocationPricing } from "../parking/locations/service.ts";
import type { PlanRow } from "./repository/plans.ts";
import type { DiscountRow } from "./repository/promo-codes.ts";

/**
 * A pass's rows read as the contracts' pricing rules: every price of a period (the checkout's quote,
 * the pass page, the renewal job, the reminder) is `passPeriodPrice` over these
 * (packages/contracts/src/pass-pricing.ts).
 */

type PricedPlan = Pick<PlanRow, "cost" | "currency" | "discount_kind" | "discount_value">;
type PricedPromo = Pick<DiscountRow, "kind" | "value" | "periods">;

export const planDiscountRule = (plan: Pick<PlanRow, "discount_kind" | "discount_value">): DiscountRule | null =>
  plan.discount_kind && plan.discount_value ? { kind: plan.discount_kind, value: plan.discount_value } : null;

const pricingOf = (plan: PricedPlan, location: LocationPricing, promo: PricedPromo | null): PassPricing => ({
  cost: plan.cost,
  planDiscount: planDiscountRule(plan),
  promo: promo ? { kind: promo.kind, value: promo.value, periods: promo.periods } : null,
  rates: feeRatesOf(location),
});

export interface PeriodPrice {
  discount: number;
  amounts: FeeBreakdownBody;
}

/** Period `n`'s price with its discount, in the wire's terms. */
export function periodPrice(
  plan: PricedPlan,
  location: LocationPricing,
  promo: PricedPromo | null,
  n: number,
): PeriodPrice {
  const price = passPeriodPrice(pricingOf(plan, location, promo), n);
  return { discount: price.discount, amounts: breakdownBody(price.breakdown, plan.currency) };
}

/** What a new pass starting `start` will charge after its first period (none for a one-time plan). */
export function renewalsOf(
  plan: PricedPlan & Pick<PlanRow, "interval_unit">,
  location: LocationPricing,
  promo: PricedPromo | null,
  start: CalendarDate,
): PlanQuote["renewals"] {
  if (!renews(plan.interval_unit)) return [];
  return passPriceSteps(pricingOf(plan, location, promo), 2).map((step) => ({
    from_period: step.from,
    date: periodStartDate(start, plan.interval_unit, step.from),
    amounts: breakdownBody(step.price.breakdown, plan.currency),
  }));
}
