import { describe, expect, it } from "vitest";
import { isoToVenueTime, venueTimeToIso } from "./venue-time.ts";

describe("venue clock", () => {
  it("reads a time typed on Monterrey's clock as the instant it names, and back", () => {
    expect(venueTimeToIso("2026-12-05T20:30", "America/Monterrey")).toBe("2026-12-06T02:30:00.000Z");
    expect(isoToVenueTime("2026-12-06T02:30:00.000Z", "America/Monterrey")).toBe("2026-12-05T20:30");
  });

  it("follows daylight saving where the venue has it (Austin in July is UTC−5, in December UTC−6)", () => {
    expect(venueTimeToIso("2026-07-04T19:00", "America/Chicago")).toBe("2026-07-05T00:00:00.000Z");
    expect(venueTimeToIso("2026-12-04T19:00", "America/Chicago")).toBe("2026-12-05T01:00:00.000Z");
    expect(isoToVenueTime("2026-07-05T00:00:00.000Z", "America/Chicago")).toBe("2026-07-04T19:00");
  });

  it("refuses text that is not a date and time", () => {
    expect(venueTimeToIso("", "America/Monterrey")).toBeNull();
    expect(venueTimeToIso("2026-12-05", "America/Monterrey")).toBeNull();
  });
});
