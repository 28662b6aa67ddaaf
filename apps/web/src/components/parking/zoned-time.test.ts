import { describe, expect, it } from "vitest";
import { formatInZone, formatRangeInZone } from "./zoned-time.ts";

const entry = "2026-11-21T20:05:00Z";

describe("formatInZone (every time of a stay on the lot's clock)", () => {
  it("shows the lot's clock without a note when the phone's clock reads the same", () => {
    expect(
      formatInZone(entry, {
        locale: "es-MX",
        timeZone: "America/Monterrey",
        withDate: false,
        phoneTimeZone: "America/Mexico_City",
      }),
    ).toBe(
      new Intl.DateTimeFormat("es-MX", { timeStyle: "short", timeZone: "America/Monterrey" }).format(new Date(entry)),
    );
  });

  it("names the lot's zone when the phone is elsewhere, in the driver's language", () => {
    const inTijuana = formatInZone(entry, {
      locale: "es-MX",
      timeZone: "America/Monterrey",
      withDate: true,
      phoneTimeZone: "America/Tijuana",
    });
    expect(inTijuana).toMatch(/^21 nov 2026, 2:05\sp\.\s?m\. \(hora de Monterrey\)$/);
    const inEnglish = formatInZone(entry, {
      locale: "en-US",
      timeZone: "America/Chicago",
      withDate: false,
      phoneTimeZone: "America/Los_Angeles",
    });
    expect(inEnglish).toMatch(/^2:05\sPM \(CT\)$/);
  });

  it("reads the lot's date too: late evening on the lot can be the next day on the phone", () => {
    const late = "2026-11-22T05:30:00Z";
    expect(
      formatInZone(late, { locale: "en-US", timeZone: "America/Monterrey", withDate: true, phoneTimeZone: "UTC" }),
    ).toMatch(/^Nov 21, 2026, 11:30\sPM \(/);
  });
});

describe("formatRangeInZone (an event's hours)", () => {
  const starts = "2026-11-27T15:00:00Z";
  const ends = "2026-11-27T21:00:00Z";

  it("writes the date once and names the zone once, not after each end", () => {
    const range = formatRangeInZone(starts, ends, {
      locale: "es-MX",
      timeZone: "America/Monterrey",
      phoneTimeZone: "UTC",
    });
    expect(range).toMatch(/^27 nov 2026, 9:00\sa\.\s?m\.\s[–-]\s3:00\sp\.\s?m\. \(hora de Monterrey\)$/);
    expect(range.match(/Monterrey/g)).toHaveLength(1);
  });

  it("names no zone on the lot's own clock, and writes both dates when the range crosses days", () => {
    const overnight = formatRangeInZone(starts, "2026-11-28T08:00:00Z", {
      locale: "en-US",
      timeZone: "America/Monterrey",
      phoneTimeZone: "America/Monterrey",
    });
    expect(overnight).toMatch(/^Nov 27, 2026, 9:00\sAM\s[–-]\sNov 28, 2026, 2:00\sAM$/);
  });
});
