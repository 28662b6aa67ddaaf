import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { feeBreakdown } from "./fees.ts";
import { type PassPricing, passPeriodPrice, passPriceSteps } from "./pass-pricing.ts";

/** The Austin monthly pass with AUSTIN20 (apps/api/src/seed/data.ts): $20 off the first three months. */
const austin20: PassPricing = {
  cost: 17_500,
  planDiscount: null,
  promo: { kind: "amount", value: 2_000, periods: 3 },
  rates: { taxRateBp: 825, convenienceRateBp: 500, convenienceFixed: 0, cardRateBp: 290, cardFixed: 30 },
};

const pricing = fc.record({
  cost: fc.integer({ min: 1, max: 10_000_000 }),
  planDiscount: fc.option(
    fc.oneof(
      fc.record({ kind: fc.constant("percent" as const), value: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant("amount" as const), value: fc.integer({ min: 1, max: 10_000_000 }) }),
    ),
  ),
  promo: fc.option(
    fc.record({
      kind: fc.constantFrom("percent" as const, "amount" as const),
      value: fc.integer({ min: 1, max: 100 }),
      periods: fc.option(fc.integer({ min: 1, max: 24 })),
    }),
  ),
  rates: fc.record({
    taxRateBp: fc.integer({ min: 0, max: 3_000 }),
    convenienceRateBp: fc.integer({ min: 0, max: 2_000 }),
    convenienceFixed: fc.integer({ min: 0, max: 1_000 }),
    cardRateBp: fc.integer({ min: 0, max: 1_000 }),
    cardFixed: fc.integer({ min: 0, max: 500 }),
  }),
});

describe("a pass's price per period", () => {
  it("discounts periods 1 to 3 of a three-period promo, so the charge after the first is still discounted", () => {
    const totals = Array.from({ length: 13 }, (_, index) => passPeriodPrice(austin20, index + 1).breakdown.total);
    const discounted = feeBreakdown(15_500, austin20.rates).total;
    const full = feeBreakdown(17_500, austin20.rates).total;
    expect(totals).toEqual([discounted, discounted, discounted, ...Array(10).fill(full)]);
    expect(passPeriodPrice(austin20, 2).discount).toBe(2_000);
    expect(passPeriodPrice(austin20, 4).discount).toBe(0);
  });

  it("says the next charges as steps: period 2 discounted, full price from period 4", () => {
    const steps = passPriceSteps(austin20, 2);
    expect(steps.map((step) => [step.from, step.price.discount])).toEqual([
      [2, 2_000],
      [4, 0],
    ]);
    expect(passPriceSteps(austin20, 4).map((step) => step.from)).toEqual([4]);
    expect(passPriceSteps({ ...austin20, promo: null }, 2).map((step) => step.from)).toEqual([2]);
  });

  it("every period's price is the step that covers it, from any period on", () => {
    fc.assert(
      fc.property(pricing, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 40 }), (rules, from, ahead) => {
        const n = from + ahead;
        const steps = passPriceSteps(rules, from);
        const covering = steps.filter((step) => step.from <= n).at(-1);
        expect(covering?.price).toEqual(passPeriodPrice(rules, n));
        // Steps start where the total changes, never twice at one price.
        for (let index = 1; index < steps.length; index++)
          expect(steps[index]?.price.breakdown.total).not.toBe(steps[index - 1]?.price.breakdown.total);
      }),
    );
  });

  it("never discounts below zero, and a promo only ever lowers a period's price", () => {
    fc.assert(
      fc.property(pricing, fc.integer({ min: 1, max: 40 }), (rules, n) => {
        const price = passPeriodPrice(rules, n);
        expect(price.breakdown.subtotal).toBeGreaterThanOrEqual(0);
        expect(price.breakdown.subtotal + price.discount).toBe(rules.cost);
        expect(price.breakdown.total).toBeLessThanOrEqual(
          passPeriodPrice({ ...rules, promo: null }, n).breakdown.total,
        );
      }),
    );
  });

  it("refuses a period number below 1", () => {
    expect(() => passPeriodPrice(austin20, 0)).toThrow(RangeError);
  });
});
