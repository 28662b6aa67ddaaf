import { describe, expect, it } from "vitest";
import { calendarDay, localToday, revenueWindow } from "./revenue-days.ts";

describe("The revenue chart's days", () => {
  it("shows every day of the week, quiet ones included, ending today", () => {
    expect(revenueWindow(["2026-11-24"], 7, "2026-11-26")).toEqual([
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
    ]);
  });

  it("ends on a lot's day already past the operator's midnight, across a month's end", () => {
    expect(revenueWindow(["2026-11-30", "2026-12-01"], 3, "2026-11-30")).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
    ]);
  });

  it("writes a date in the reader's language, the same day in any zone", () => {
    expect(calendarDay("2026-11-26", "en-US", true)).toBe("Thu, Nov 26");
    expect(calendarDay("2026-11-26", "en-US", false)).toBe("Nov 26");
    expect(calendarDay("2026-11-26", "es-MX", true)).toBe("jue 26 de nov");
    expect(calendarDay("2026-11-26", "es-MX", false)).toBe("26 nov");
  });

  it("reads today on the device's clock, not UTC's", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe("2026-01-05");
  });
});
