import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyFilter, formatMinorUnits, formatMoney, parseMinorUnits } from "./money.ts";

describe("currency filter (docs/product/constants.md)", () => {
  it("shows two decimals in en-US format", () => {
    expect(currencyFilter(1234.5)).toBe("1,234.50");
    expect(currencyFilter(0)).toBe("0.00");
    expect(currencyFilter("99.999")).toBe("100.00");
    expect(currencyFilter(-3)).toBe("-3.00");
  });

  it("shows 0 for anything that is not a number", () => {
    for (const value of [undefined, null, "", "  ", "abc", Number.NaN, Number.POSITIVE_INFINITY, {}, [], true])
      expect(currencyFilter(value)).toBe("0");
  });
});

describe("money", () => {
  it("formats minor units with the currency", () => {
    expect(formatMoney(123456, "mxn")).toBe("$1,234.56 MXN");
    expect(formatMoney(5, "usd")).toBe("$0.05 USD");
    expect(formatMoney(0, "mxn")).toBe("$0.00 MXN");
    expect(formatMoney(-500, "usd")).toBe("-$5.00 USD");
    expect(formatMoney(123456789012345, "mxn")).toBe("$1,234,567,890,123.45 MXN");
  });

  it("reads minor units exactly as the filter reads the same amount in whole units", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (minor) => {
        expect(formatMinorUnits(minor)).toBe(currencyFilter(minor / 100));
      }),
    );
  });

  it("keeps every digit of amounts a float could not hold", () => {
    expect(formatMinorUnits(Number.MAX_SAFE_INTEGER)).toBe("90,071,992,547,409.91");
  });
});

describe("parseMinorUnits", () => {
  it("reads whole units, one or two decimals and grouping commas", () => {
    expect(parseMinorUnits("25")).toBe(2500);
    expect(parseMinorUnits("25.5")).toBe(2550);
    expect(parseMinorUnits(" 1,234.05 ")).toBe(123405);
    expect(parseMinorUnits("0.1")).toBe(10);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "abc", "1.234", "-5", "1e3", "."]) expect(parseMinorUnits(text)).toBeNull();
  });

  it("reads back every amount the money format writes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (minor) => {
        expect(parseMinorUnits(formatMinorUnits(minor))).toBe(minor);
      }),
    );
  });
});
