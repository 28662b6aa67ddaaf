import { describe, expect, it } from "vitest";
import { stayDuration } from "./duration.ts";
import { translate } from "./translate.ts";

const duration = (locale: "es" | "en", minutes: number) => {
  const { key, params } = stayDuration(minutes);
  return translate(locale, `parking.${key}`, params);
};

describe("server translation (i18next over the shared catalogues)", () => {
  it("interpolates values", () => {
    expect(translate("en", "parking.card_on_file", { brand: "Visa", last4: "4242" })).toBe("Visa ending in 4242");
    expect(translate("es", "parking.card_on_file", { brand: "Visa", last4: "4242" })).toBe("Visa terminación 4242");
  });

  it("chooses plurals by the language's rules", () => {
    expect(translate("en", "parking.duration.days", { count: 1, hours: 2, minutes: 3 })).toBe("1 day 2 h 3 min");
    expect(translate("en", "parking.duration.days", { count: 2, hours: 0, minutes: 0 })).toBe("2 days 0 h 0 min");
    expect(translate("es", "parking.duration.days", { count: 1, hours: 0, minutes: 5 })).toBe("1 día 0 h 5 min");
    expect(translate("es", "parking.duration.days", { count: 3, hours: 0, minutes: 5 })).toBe("3 días 0 h 5 min");
  });

  it("words the code's lifetime in the singular and the plural", () => {
    expect(translate("en", "messages.sign_in_code", { code: "123456", count: 1 })).toContain("expires in 1 minute.");
    expect(translate("es", "messages.sign_in_code", { code: "123456", count: 10 })).toContain("Vence en 10 minutos.");
  });

  it("answers undefined for a key no catalogue has", () => {
    expect(translate("es", "parking.no_such_key")).toBeUndefined();
    expect(translate("en", "nowhere.at_all")).toBeUndefined();
  });

  it("words a stay's length in minutes, hours or days", () => {
    expect(duration("en", 45)).toBe("45 min");
    expect(duration("en", 1234)).toBe("20 h 34 min");
    expect(duration("es", 24 * 60 + 61)).toBe("1 día 1 h 1 min");
    expect(duration("en", -3)).toBe("0 min");
  });
});
