import { describe, expect, it } from "vitest";
import { defaultDialCountry, resolveLanguage, toSupportedLocale } from "./language.ts";

const none = { stored: null, browser: null, forceSpanish: false, countryQuery: null };

describe("resolveLanguage (docs/product/hosts-and-themes.md)", () => {
  it("uses the stored locale first", () => {
    expect(resolveLanguage({ ...none, stored: "en", browser: "es-MX" })).toBe("en");
    expect(resolveLanguage({ ...none, stored: "es", browser: "en-US" })).toBe("es");
  });

  it("falls back to the browser language, then Spanish", () => {
    expect(resolveLanguage({ ...none, browser: "en-US" })).toBe("en");
    expect(resolveLanguage({ ...none, browser: "es-419" })).toBe("es");
    expect(resolveLanguage(none)).toBe("es");
  });

  it("sends any other language to English", () => {
    expect(resolveLanguage({ ...none, browser: "fr-FR" })).toBe("en");
    expect(resolveLanguage({ ...none, stored: "pt" })).toBe("en");
    expect(toSupportedLocale("de")).toBe("en");
  });

  it("forces Spanish on Spanish-only hosts whatever else says", () => {
    expect(resolveLanguage({ stored: "en", browser: "en-US", forceSpanish: true, countryQuery: "us" })).toBe("es");
  });

  it("lets a country query pick English for us and Spanish for anything else", () => {
    expect(resolveLanguage({ ...none, stored: "es", countryQuery: "us" })).toBe("en");
    expect(resolveLanguage({ ...none, stored: "en", countryQuery: "mx" })).toBe("es");
    expect(resolveLanguage({ ...none, browser: "en-US", countryQuery: "ca" })).toBe("es");
  });
});

describe("defaultDialCountry", () => {
  it("defaults English to +1 and Spanish to +52", () => {
    expect(defaultDialCountry("en")).toBe("us");
    expect(defaultDialCountry("es")).toBe("mx");
  });
});
