import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyRate,
  describeTariff,
  divideRoundHalfAwayFromZero,
  type FeeRates,
  feeBreakdown,
  nextFeeChange,
  parkingFee,
  stayQuote,
  type Tariff,
} from "./fees.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ENTRY = Date.parse("2026-11-21T12:00:00.000Z");
const after = (ms: number) => ENTRY + ms;

/** The seeded demo tariffs (apps/api/src/seed/data.ts). */
const fundidora: Tariff = {
  graceMinutes: 15,
  firstPeriodMinutes: 60,
  firstPeriodPrice: 2000,
  incrementMinutes: 30,
  incrementPrice: 1000,
  dailyMax: 25000,
};
const barrioAntiguoFreeflow: Tariff = {
  graceMinutes: 10,
  firstPeriodMinutes: 60,
  firstPeriodPrice: 2500,
  incrementMinutes: 15,
  incrementPrice: 700,
  dailyMax: 30000,
};
const austin: Tariff = {
  graceMinutes: 10,
  firstPeriodMinutes: 60,
  firstPeriodPrice: 500,
  incrementMinutes: 30,
  incrementPrice: 250,
  dailyMax: 2500,
};
const mxRates: FeeRates = {
  taxRateBp: 1600,
  convenienceRateBp: 0,
  convenienceFixed: 500,
  cardRateBp: 290,
  cardFixed: 0,
};
const usRates: FeeRates = {
  taxRateBp: 825,
  convenienceRateBp: 0,
  convenienceFixed: 35,
  cardRateBp: 290,
  cardFixed: 30,
};

const tariffArbitrary: fc.Arbitrary<Tariff> = fc.record({
  graceMinutes: fc.integer({ min: 0, max: 120 }),
  firstPeriodMinutes: fc.integer({ min: 0, max: 24 * 60 }),
  firstPeriodPrice: fc.integer({ min: 0, max: 100_000 }),
  incrementMinutes: fc.integer({ min: 0, max: 24 * 60 }),
  incrementPrice: fc.integer({ min: 0, max: 100_000 }),
  dailyMax: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
});
const ratesArbitrary: fc.Arbitrary<FeeRates> = fc.record({
  taxRateBp: fc.integer({ min: 0, max: 3000 }),
  convenienceRateBp: fc.integer({ min: 0, max: 3000 }),
  convenienceFixed: fc.integer({ min: 0, max: 10_000 }),
  cardRateBp: fc.integer({ min: 0, max: 1000 }),
  cardFixed: fc.integer({ min: 0, max: 1000 }),
});
/** Up to 10 days, in milliseconds, so boundaries between increments and days are crossed often. */
const durationArbitrary = fc.integer({ min: 0, max: 10 * DAY });

describe("rounding", () => {
  it("rounds half away from zero on minor units", () => {
    expect(applyRate(5, 5000)).toBe(3);
    expect(applyRate(-5, 5000)).toBe(-3);
    expect(applyRate(2500, 290)).toBe(73); // 72.5
    expect(applyRate(2573, 1600)).toBe(412); // 411.68
    expect(applyRate(1, 4999)).toBe(0);
    expect(divideRoundHalfAwayFromZero(-7n, 2n)).toBe(-4n);
    expect(divideRoundHalfAwayFromZero(7n, -2n)).toBe(-4n);
    expect(divideRoundHalfAwayFromZero(6n, 4n)).toBe(2n);
  });

  it("matches the exact rational rounding for every amount and rate", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, rate) => {
        const rounded = applyRate(amount, rate);
        // |amount × rate − rounded × 10 000| ≤ 5 000, and exactly 5 000 only when rounding up (away from zero).
        const error = amount * rate - rounded * 10_000;
        expect(Math.abs(error)).toBeLessThanOrEqual(5000);
        if (Math.abs(error) === 5000) expect(error).toBe(-5000);
      }),
    );
  });

  it("refuses fractional money", () => {
    expect(() => applyRate(10.5, 1600)).toThrow(RangeError);
    expect(() => feeBreakdown(-1, mxRates)).toThrow(RangeError);
  });
});

describe("parkingFee on the demo tariffs", () => {
  it.each([
    ["entering", 0, 0],
    ["10 minutes (grace)", 10 * MINUTE, 0],
    ["exactly the 15 grace minutes", 15 * MINUTE, 0],
    ["just past grace", 15 * MINUTE + 1, 2000],
    ["the first hour", HOUR, 2000],
    ["one started increment", HOUR + 1, 3000],
    ["90 minutes", 90 * MINUTE, 3000],
    ["91 minutes", 91 * MINUTE, 4000],
    ["5 hours", 5 * HOUR, 10000],
    ["23 hours (capped)", 23 * HOUR, 25000],
    ["exactly a day", DAY, 25000],
    ["a day and 16 minutes", DAY + 16 * MINUTE, 27000],
    ["two days and 23 hours", 2 * DAY + 23 * HOUR, 75000],
  ])("Fundidora: %s", (_label, duration, expected) => {
    expect(parkingFee(fundidora, ENTRY, after(duration))).toBe(expected);
  });

  it("prices the freeflow lot and the Austin garage", () => {
    expect(parkingFee(barrioAntiguoFreeflow, ENTRY, after(10 * MINUTE))).toBe(0);
    expect(parkingFee(barrioAntiguoFreeflow, ENTRY, after(75 * MINUTE))).toBe(3200);
    expect(parkingFee(barrioAntiguoFreeflow, ENTRY, after(76 * MINUTE))).toBe(3900);
    expect(parkingFee(austin, ENTRY, after(2 * HOUR))).toBe(1000);
    expect(parkingFee(austin, ENTRY, after(20 * HOUR))).toBe(2500);
  });

  it("accepts ISO timestamps and Dates", () => {
    expect(parkingFee(fundidora, "2026-11-21T12:00:00.000Z", new Date("2026-11-21T13:30:00.000Z"))).toBe(3000);
  });

  it("is zero when the clock reads before the entry", () => {
    expect(parkingFee(fundidora, ENTRY, ENTRY - HOUR)).toBe(0);
  });
});

describe("feeBreakdown on the demo rates", () => {
  it("adds convenience, card processing and IVA on Fundidora's first hour", () => {
    // convenience 0 % + 5.00; processing round(2 500 × 2.9 %) = 73; IVA round(2 573 × 16 %) = 412.
    expect(feeBreakdown(2000, mxRates)).toEqual({
      subtotal: 2000,
      convenienceFee: 500,
      processingFee: 73,
      tax: 412,
      total: 2985,
    });
  });

  it("adds the US fees and sales tax on the Austin first hour", () => {
    // convenience 0.35; processing round(535 × 2.9 %) + 0.30 = 16 + 30; tax round(581 × 8.25 %) = 48.
    expect(feeBreakdown(500, usRates)).toEqual({
      subtotal: 500,
      convenienceFee: 35,
      processingFee: 46,
      tax: 48,
      total: 629,
    });
  });

  it("charges nothing, fixed fees included, for a free stay", () => {
    expect(stayQuote(fundidora, mxRates, ENTRY, after(5 * MINUTE))).toEqual({
      subtotal: 0,
      convenienceFee: 0,
      processingFee: 0,
      tax: 0,
      total: 0,
    });
  });
});

describe("fee engine properties", () => {
  it("is never negative and always an integer", () => {
    fc.assert(
      fc.property(tariffArbitrary, ratesArbitrary, durationArbitrary, (tariff, rates, duration) => {
        const fee = parkingFee(tariff, ENTRY, after(duration));
        expect(Number.isSafeInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        const breakdown = feeBreakdown(fee, rates);
        for (const amount of Object.values(breakdown)) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it("never decreases as time goes on", () => {
    fc.assert(
      fc.property(tariffArbitrary, durationArbitrary, durationArbitrary, (tariff, a, b) => {
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        expect(parkingFee(tariff, ENTRY, after(earlier))).toBeLessThanOrEqual(parkingFee(tariff, ENTRY, after(later)));
      }),
    );
  });

  it("never decreases across increment and day boundaries (±1 ms)", () => {
    fc.assert(
      fc.property(
        tariffArbitrary,
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 5 }),
        (tariff, k, days) => {
          const boundary = days * DAY + (tariff.firstPeriodMinutes + k * Math.max(tariff.incrementMinutes, 1)) * MINUTE;
          const before = parkingFee(tariff, ENTRY, after(boundary - 1));
          const at = parkingFee(tariff, ENTRY, after(boundary));
          const past = parkingFee(tariff, ENTRY, after(boundary + 1));
          expect(before).toBeLessThanOrEqual(at);
          expect(at).toBeLessThanOrEqual(past);
        },
      ),
    );
  });

  it("is capped by the daily maximum for every started day", () => {
    fc.assert(
      fc.property(tariffArbitrary, durationArbitrary, (tariff, duration) => {
        fc.pre(tariff.dailyMax !== null);
        const startedDays = Math.max(1, Math.ceil(duration / DAY));
        expect(parkingFee(tariff, ENTRY, after(duration))).toBeLessThanOrEqual(startedDays * (tariff.dailyMax ?? 0));
      }),
    );
  });

  it("is free within the grace minutes and at least the first period's price after", () => {
    fc.assert(
      fc.property(tariffArbitrary, durationArbitrary, (tariff, duration) => {
        const fee = parkingFee(tariff, ENTRY, after(duration));
        if (duration <= tariff.graceMinutes * MINUTE) expect(fee).toBe(0);
        else expect(fee).toBeGreaterThanOrEqual(Math.min(tariff.firstPeriodPrice, tariff.dailyMax ?? Infinity));
      }),
    );
  });

  it("has a breakdown that sums to the total, with the formulas of docs/product/money.md", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), ratesArbitrary, (subtotal, rates) => {
        const b = feeBreakdown(subtotal, rates);
        expect(b.subtotal + b.convenienceFee + b.processingFee + b.tax).toBe(b.total);
        expect(b.subtotal).toBe(subtotal);
        if (subtotal === 0) expect(b.total).toBe(0);
        else {
          expect(b.convenienceFee).toBe(applyRate(subtotal, rates.convenienceRateBp) + rates.convenienceFixed);
          expect(b.tax).toBe(applyRate(subtotal + b.convenienceFee + b.processingFee, rates.taxRateBp));
          expect(b.total).toBeGreaterThanOrEqual(subtotal);
        }
      }),
    );
  });

  it("grows the total with the subtotal", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        ratesArbitrary,
        (a, d, r) => {
          expect(feeBreakdown(a, r).total).toBeLessThanOrEqual(feeBreakdown(a + d, r).total);
        },
      ),
    );
  });
});

describe("describeTariff", () => {
  it("answers the numbers of a human description, with the first period's all-in price", () => {
    expect(describeTariff(fundidora, mxRates)).toEqual({
      graceMinutes: 15,
      firstPeriod: { minutes: 60, price: 2000, total: 2985 },
      increment: { minutes: 30, price: 1000 },
      dailyMax: 25000,
    });
    expect(describeTariff({ ...fundidora, incrementPrice: 0 }, mxRates).increment).toBeNull();
  });
});

describe("nextFeeChange", () => {
  it("says when the demo lot's fee rises next", () => {
    expect(nextFeeChange(fundidora, ENTRY, after(5 * MINUTE))).toEqual({
      until: after(15 * MINUTE),
      fee: 0,
      nextFee: 2000,
    });
    expect(nextFeeChange(fundidora, ENTRY, after(20 * MINUTE))).toEqual({
      until: after(HOUR),
      fee: 2000,
      nextFee: 3000,
    });
    expect(nextFeeChange(fundidora, ENTRY, after(HOUR + 1))).toEqual({
      until: after(90 * MINUTE),
      fee: 3000,
      nextFee: 4000,
    });
    // Capped for the day: the next rise is when the second day starts.
    expect(nextFeeChange(fundidora, ENTRY, after(20 * HOUR))).toEqual({
      until: after(DAY),
      fee: 25000,
      nextFee: 27000,
    });
    expect(nextFeeChange({ ...fundidora, firstPeriodPrice: 0, incrementPrice: 0 }, ENTRY, after(HOUR))).toBeNull();
  });

  it("is exact: the fee holds through `until` and rises right after it", () => {
    fc.assert(
      fc.property(tariffArbitrary, durationArbitrary, fc.integer({ min: 0, max: 1000 }), (tariff, elapsed, probe) => {
        const change = nextFeeChange(tariff, ENTRY, after(elapsed));
        const fee = parkingFee(tariff, ENTRY, after(elapsed));
        if (!change) {
          expect(parkingFee(tariff, ENTRY, after(elapsed + 2 * DAY))).toBe(fee);
          return;
        }
        expect(change.fee).toBe(fee);
        expect(change.until).toBeGreaterThanOrEqual(after(elapsed));
        expect(parkingFee(tariff, ENTRY, change.until)).toBe(fee);
        const between = after(elapsed) + Math.floor(((change.until - after(elapsed)) * probe) / 1000);
        expect(parkingFee(tariff, ENTRY, between)).toBe(fee);
        expect(parkingFee(tariff, ENTRY, change.until + 1)).toBe(change.nextFee);
        expect(change.nextFee).toBeGreaterThan(fee);
      }),
    );
  });
});
