import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, addMonths, dateIn, periodEndDate, periodLastDay, periodStartDate, startOfDayIn } from "./periods.ts";

describe("pass periods", () => {
  it("keeps the day of the month, clamped to shorter months", () => {
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(periodEndDate("2027-01-31", "month", 2)).toBe("2027-03-31");
    expect(periodLastDay("2026-11-24", "month", 1)).toBe("2026-12-23");
    expect(periodLastDay("2026-12-15", "year", 1)).toBe("2027-12-14");
    expect(periodLastDay("2026-11-24", "week", 1)).toBe("2026-11-30");
    expect(periodLastDay("2026-11-24", "one_time", 1)).toBe("2026-11-24");
  });

  it("chains periods without gaps or overlaps, whatever the anchor", () => {
    const anchor = fc
      .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-12-31T00:00:00Z"), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        anchor,
        fc.constantFrom("day", "week", "month", "year" as const),
        fc.integer({ min: 1, max: 40 }),
        (start, interval, n) => {
          const from = periodStartDate(start, interval, n + 1);
          expect(from).toBe(addDays(periodLastDay(start, interval, n), 1));
          expect(from > periodStartDate(start, interval, n)).toBe(true);
        },
      ),
    );
  });

  it("starts a day at the zone's local midnight, across daylight-saving changes", () => {
    expect(startOfDayIn("America/Monterrey", "2026-11-24")).toBe("2026-11-24T06:00:00.000Z");
    expect(startOfDayIn("America/Chicago", "2026-07-01")).toBe("2026-07-01T05:00:00.000Z");
    // Chicago springs forward at 02:00 on 2027-03-14: that day still begins at 06:00 UTC.
    expect(startOfDayIn("America/Chicago", "2027-03-14")).toBe("2027-03-14T06:00:00.000Z");
    expect(startOfDayIn("America/Chicago", "2027-03-15")).toBe("2027-03-15T05:00:00.000Z");
    expect(dateIn("America/Monterrey", Date.parse("2026-11-25T05:59:00Z"))).toBe("2026-11-24");
  });
});
