import { describe, expect, it } from "vitest";
import { clockOfDay } from "../../../components/parking/zoned-time.ts";
import { dayHoursOf, weekSummary, windowOf } from "./meter-hours.ts";

describe("a weekday's charged hours in the zone form", () => {
  it("reads times as minutes after midnight, 00:00 closing as midnight", () => {
    expect(windowOf({ charged: true, open: "08:00", close: "20:30" })).toEqual({ open: 480, close: 1230 });
    expect(windowOf({ charged: true, open: "00:00", close: "00:00" })).toEqual({ open: 0, close: 1440 });
    expect(windowOf({ charged: false, open: "08:00", close: "20:00" })).toBeNull();
  });

  it("refuses a close before the opening and text that is not a time", () => {
    expect(windowOf({ charged: true, open: "20:00", close: "08:00" })).toBeUndefined();
    expect(windowOf({ charged: true, open: "8", close: "20:00" })).toBeUndefined();
  });

  it("shows a whole day as 00:00 to 00:00, and a free day unchecked", () => {
    expect(dayHoursOf({ open: 0, close: 1440 })).toEqual({ charged: true, open: "00:00", close: "00:00" });
    expect(dayHoursOf(null).charged).toBe(false);
  });
});

describe("a week's hours in a few words", () => {
  it("puts consecutive days with the same window together, Monday first", () => {
    const weekdays = { open: 480, close: 1200 };
    const hours = [null, weekdays, weekdays, weekdays, weekdays, weekdays, { open: 540, close: 840 }];
    expect(weekSummary(hours, (minutes) => clockOfDay(minutes, "en-US"))).toEqual([
      { from: 1, to: 5, window: "8:00 AM–8:00 PM" },
      { from: 6, to: 6, window: "9:00 AM–2:00 PM" },
      { from: 0, to: 0, window: null },
    ]);
    expect(weekSummary(hours, (minutes) => clockOfDay(minutes, "es-MX"))[0]?.window).toMatch(
      /^8:00\sa\.\s?m\.–8:00\sp\.\s?m\.$/,
    );
    expect(
      weekSummary(
        Array.from({ length: 7 }, () => ({ open: 0, close: 1440 })),
        (minutes) => clockOfDay(minutes, "en-US"),
      ),
    ).toEqual([{ from: 1, to: 0, window: "12:00 AM–12:00 AM" }]);
  });
});
