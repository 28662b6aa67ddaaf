import { describe, expect, it } from "vitest";
import { stayDuration } from "./duration.ts";
import { translate } from "./translate.ts";

const words = (locale: "es" | "en", minutes: number) => {
  const { key, params } = stayDuration(minutes);
  return translate(locale, `parking.${key}`, params);
};

describe("a stay's length in words", () => {
  it.each([
    [45, "45 min", "45 min"],
    [120, "2 h", "2 h"],
    [125, "2 h 5 min", "2 h 5 min"],
    [1440, "1 día", "1 day"],
    [2880, "2 días", "2 days"],
    [1500, "1 día 1 h", "1 day 1 h"],
    [1445, "1 día 5 min", "1 day 5 min"],
    [1505, "1 día 1 h 5 min", "1 day 1 h 5 min"],
  ])("%i minutes read %s / %s, never a zero part", (minutes, es, en) => {
    expect(words("es", minutes)).toBe(es);
    expect(words("en", minutes)).toBe(en);
  });
});
