import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type MeterRules,
  meterLimits,
  meterPurchaseSubtotal,
  meterSubtotal,
  nextOpening,
  operatingMs,
  windowAt,
} from "./meters.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The seeded Monterrey zones: $12.00 an hour, Monday to Saturday 08:00–20:00, 15 to 120 minutes. */
const monterrey: MeterRules = {
  ratePerHour: 1200,
  minMinutes: 15,
  maxMinutes: 120,
  hours: [null, ...Array.from({ length: 6 }, () => ({ open: 8 * 60, close: 20 * 60 }))],
  timeZone: "America/Monterrey",
};
/** Tuesday 2026-11-24 10:00 in Monterrey (UTC−6). */
const TUESDAY_10 = Date.parse("2026-11-24T16:00:00.000Z");
const SUNDAY_10 = Date.parse("2026-11-22T16:00:00.000Z");

const rules = fc.record({
  ratePerHour: fc.integer({ min: 0, max: 100_000 }),
  minMinutes: fc.integer({ min: 1, max: 60 }),
  maxMinutes: fc.integer({ min: 60, max: 600 }),
  hours: fc.array(
    fc.option(
      fc
        .tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 1440 }))
        .filter(([open, close]) => open < close)
        .map(([open, close]) => ({ open, close })),
    ),
    { minLength: 7, maxLength: 7 },
  ),
  timeZone: fc.constantFrom("America/Monterrey", "America/Chicago", "America/Mexico_City"),
});
const instant = fc.integer({ min: Date.parse("2026-01-01T00:00:00Z"), max: Date.parse("2027-12-31T00:00:00Z") });

describe("meter price", () => {
  it("charges the hourly rate for operating minutes, rounded half away from zero", () => {
    expect(meterSubtotal(monterrey, TUESDAY_10, TUESDAY_10 + 30 * MINUTE)).toBe(600);
    expect(meterSubtotal(monterrey, TUESDAY_10, TUESDAY_10 + 45 * MINUTE)).toBe(900);
    expect(meterSubtotal({ ...monterrey, ratePerHour: 250 }, TUESDAY_10, TUESDAY_10 + 7 * MINUTE)).toBe(29); // 29.17
  });

  it("counts only operating time: Sunday and the night are free", () => {
    expect(meterSubtotal(monterrey, SUNDAY_10, SUNDAY_10 + 2 * HOUR)).toBe(0);
    // Tuesday 19:30 to 20:30: only the half hour before closing is charged.
    const evening = TUESDAY_10 + 9.5 * HOUR;
    expect(operatingMs(monterrey, evening, evening + HOUR)).toBe(30 * MINUTE);
  });

  it("is never negative and never falls as the stay grows", () => {
    fc.assert(
      fc.property(rules, instant, fc.nat(24 * 60), fc.nat(24 * 60), (zone, start, a, b) => {
        const [shorter, longer] = a <= b ? [a, b] : [b, a];
        const low = meterSubtotal(zone, start, start + shorter * MINUTE);
        const high = meterSubtotal(zone, start, start + longer * MINUTE);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeGreaterThanOrEqual(low);
      }),
    );
  });

  it("is zero for a span with no operating hours", () => {
    fc.assert(
      fc.property(rules, instant, fc.nat(3 * 24 * 60), (zone, start, minutes) => {
        const free = { ...zone, hours: zone.hours.map(() => null) };
        expect(meterSubtotal(free, start, start + minutes * MINUTE)).toBe(0);
      }),
    );
  });

  it("prices an extension as price(total) − price(before): buying in steps loses no cent", () => {
    fc.assert(
      fc.property(rules, instant, fc.nat(600), fc.nat(600), (zone, start, first, second) => {
        const paidUntil = start + first * MINUTE;
        const extension = meterPurchaseSubtotal(zone, start, paidUntil, second);
        expect(meterSubtotal(zone, start, start) + meterPurchaseSubtotal(zone, start, start, first) + extension).toBe(
          meterSubtotal(zone, start, paidUntil + second * MINUTE),
        );
        expect(extension).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("what may be sold", () => {
  it("never sells past the maximum stay nor past the end of the operating window", () => {
    fc.assert(
      fc.property(rules, instant, fc.nat(600), (zone, start, already) => {
        const paidUntil = start + already * MINUTE;
        const limits = meterLimits(zone, start, paidUntil);
        if (!limits.open) return;
        const end = paidUntil + limits.maxMinutes * MINUTE;
        expect(end - start).toBeLessThanOrEqual(zone.maxMinutes * MINUTE);
        const window = windowAt(zone, paidUntil);
        expect(window).not.toBeNull();
        expect(end).toBeLessThanOrEqual(window?.closes ?? 0);
        // Every sold minute is charged: nothing is sold into free hours.
        expect(operatingMs(zone, paidUntil, end)).toBe(end - paidUntil);
        expect(limits.minMinutes).toBeLessThanOrEqual(limits.maxMinutes);
      }),
    );
  });

  it("sells the zone's minimum to a new session and stops at closing time", () => {
    expect(meterLimits(monterrey, TUESDAY_10, TUESDAY_10)).toEqual({
      open: true,
      minMinutes: 15,
      maxMinutes: 120,
      opensAt: null,
    });
    const closing = TUESDAY_10 + 9.5 * HOUR; // 19:30
    expect(meterLimits(monterrey, closing, closing)).toMatchObject({ open: true, maxMinutes: 30 });
    const extension = meterLimits(monterrey, TUESDAY_10, TUESDAY_10 + 90 * MINUTE);
    expect(extension).toMatchObject({ open: true, minMinutes: 1, maxMinutes: 30 });
  });

  it("runs a window that closes at midnight on into the next day's that opens at it", () => {
    const lateNight = TUESDAY_10 + 13 * HOUR; // 23:00
    const aroundTheClock = { ...monterrey, hours: monterrey.hours.map(() => ({ open: 0, close: 24 * 60 })) };
    expect(meterLimits(aroundTheClock, lateNight, lateNight)).toMatchObject({ open: true, maxMinutes: 120 });
    expect(meterSubtotal(aroundTheClock, lateNight, lateNight + 2 * HOUR)).toBe(2400);
    expect(windowAt(aroundTheClock, lateNight)?.closes).toBeGreaterThan(lateNight + 24 * HOUR);
    // Open until midnight, then from midnight to 00:30: the window ends at 00:30.
    const intoTheNight = { ...monterrey, hours: monterrey.hours.map(() => ({ open: 20 * 60, close: 24 * 60 })) };
    intoTheNight.hours[3] = { open: 0, close: 30 };
    expect(meterLimits(intoTheNight, lateNight, lateNight)).toMatchObject({ maxMinutes: 90 });
    expect(windowAt(intoTheNight, lateNight)?.opens).toBe(lateNight - 3 * HOUR);
    // A night with no midnight opening stops at midnight.
    const closedWednesday = intoTheNight.hours.map((window, day) => (day === 3 ? null : window));
    expect(meterLimits({ ...intoTheNight, hours: closedWednesday }, lateNight, lateNight)).toMatchObject({
      maxMinutes: 60,
    });
  });

  it("sells nothing while the zone is free, and says when charging starts", () => {
    const limits = meterLimits(monterrey, SUNDAY_10, SUNDAY_10);
    expect(limits.open).toBe(false);
    // Monday 08:00 in Monterrey.
    expect(limits.opensAt).toBe(Date.parse("2026-11-23T14:00:00.000Z"));
    expect(nextOpening({ ...monterrey, hours: monterrey.hours.map(() => null) }, SUNDAY_10)).toBeNull();
  });
});
