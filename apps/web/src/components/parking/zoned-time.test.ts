import { describe, expect, it } from "vitest";
import { formatInZone } from "./zoned-time.ts";

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
