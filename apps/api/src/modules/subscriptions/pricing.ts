import { applyRate, feeBreakdown } from "@estaciona/contracts";
import { breakdownBody, type FeeBreakdownBody } from "@estaciona/contracts/schemas/parking";
import type { DiscountRule } from "@estaciona/contracts/schemas/subscriptions";
import { feeRatesOf, type LocationPricing } from "../parking/locations/service.ts";
import type { DiscountRow, PlanRow } from "./repository.ts";

/**
 * What one period of a pass costs (DESIGN §5, §8): the plan's cost, less the plan's own discount,
 * less a promo code's discount while its periods last; never below zero. Fees and tax go on top
 * of what is left (a free period charges nothing at all, fixed fees included).
 */

/** A discount's amount off `base`: a percentage (rounded half away from zero) or an amount, at most `base`. */
export function discountOff(rule: DiscountRule, base: number): number {
  const off = rule.kind === "percent" ? applyRate(base, rule.value * 100) : rule.value;
  return Math.min(Math.max(off, 0), base);
}

export const planDiscountRule = (plan: Pick<PlanRow, "discount_kind" | "discount_value">): DiscountRule | null =>
  plan.discount_kind && plan.discount_value ? { kind: plan.discount_kind, value: plan.discount_value } : null;

/** Whether a promo code still discounts period `n` of a pass. */
export const promoCovers = (promo: Pick<DiscountRow, "periods">, n: number): boolean =>
  promo.periods === null || n <= promo.periods;

export interface PeriodPrice {
  discount: number;
  amounts: FeeBreakdownBody;
}

export function periodPrice(
  plan: Pick<PlanRow, "cost" | "currency" | "discount_kind" | "discount_value">,
  location: LocationPricing,
  promo: Pick<DiscountRow, "kind" | "value" | "periods"> | null,
  n: number,
): PeriodPrice {
  const planRule = planDiscountRule(plan);
  const planOff = planRule ? discountOff(planRule, plan.cost) : 0;
  const afterPlan = plan.cost - planOff;
  const promoOff = promo && promoCovers(promo, n) ? discountOff(promo, afterPlan) : 0;
  const subtotal = afterPlan - promoOff;
  return {
    discount: planOff + promoOff,
    amounts: breakdownBody(feeBreakdown(subtotal, feeRatesOf(location)), plan.currency),
  };
}
