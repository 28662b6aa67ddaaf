import { applyRate, type FeeBreakdown, type FeeRates, feeBreakdown } from "./fees.ts";

/**
 * What period `n` of a pass costs (docs/product/money.md and docs/product/passes-and-promo-codes.md), the one answer every reader asks: the checkout's
 * quote, the pass page's next charge, the renewal job that opens the period, the reminder and the
 * receipt (which shows what the job stored). The plan's cost, less the plan's own discount, less a
 * promo code's discount while its periods last (periods 1..`periods`; null is every period); never
 * below zero. Fees and tax go on top of what is left, so a free period charges nothing at all.
 */

/** A discount: a percentage (1–100) or an amount in minor units. */
export interface PassDiscount {
  kind: "percent" | "amount";
  value: number;
}

/** A promo code's discount and how many periods it covers from the first (null: every period). */
export interface PassPromo extends PassDiscount {
  periods: number | null;
}

export interface PassPricing {
  /** The plan's cost of one period, minor units. */
  cost: number;
  planDiscount: PassDiscount | null;
  promo: PassPromo | null;
  rates: FeeRates;
}

export interface PassPeriodPrice {
  /** Everything taken off the plan's cost (plan discount and promo code together). */
  discount: number;
  breakdown: FeeBreakdown;
}

/** A discount's amount off `base`: a percentage (rounded half away from zero) or an amount, at most `base`. */
export function discountOff(rule: PassDiscount, base: number): number {
  const off = rule.kind === "percent" ? applyRate(base, rule.value * 100) : rule.value;
  return Math.min(Math.max(off, 0), base);
}

/** Whether a promo code still discounts period `n` (1-based) of a pass. */
export const promoCovers = (promo: Pick<PassPromo, "periods">, n: number): boolean =>
  promo.periods === null || n <= promo.periods;

export function passPeriodPrice(pricing: PassPricing, n: number): PassPeriodPrice {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`A period number starts at 1, got ${n}`);
  const planOff = pricing.planDiscount ? discountOff(pricing.planDiscount, pricing.cost) : 0;
  const afterPlan = pricing.cost - planOff;
  const promoOff = pricing.promo && promoCovers(pricing.promo, n) ? discountOff(pricing.promo, afterPlan) : 0;
  return { discount: planOff + promoOff, breakdown: feeBreakdown(afterPlan - promoOff, pricing.rates) };
}

/** From period `from` on, each period costs `price` until the next step (or for ever, for the last). */
export interface PassPriceStep {
  from: number;
  price: PassPeriodPrice;
}

/**
 * The prices of periods `from`, `from + 1`, … as steps: the first is period `from`'s price, and a
 * new step starts only where the total changes (a promo code's last period ending). What the
 * checkout says before paying: "next charge …, then … from …". Every period's price is the step
 * that covers it, which is `passPeriodPrice` itself (tested for every period).
 */
export function passPriceSteps(pricing: PassPricing, from: number): PassPriceStep[] {
  const steps: PassPriceStep[] = [{ from, price: passPeriodPrice(pricing, from) }];
  const promoEnd = pricing.promo?.periods;
  if (promoEnd !== null && promoEnd !== undefined && promoEnd >= from) {
    const after = passPeriodPrice(pricing, promoEnd + 1);
    if (after.breakdown.total !== steps[0]?.price.breakdown.total) steps.push({ from: promoEnd + 1, price: after });
  }
  return steps;
}
