import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyFilter, formatMoney } from "./money.ts";

describe("currencyFilter (spec §9)", () => {
  it("shows two decimals in en-US format", () => {
    expect(currencyFilter(1234.5)).toBe("1,234.50");
    expect(currencyFilter(0.005)).toBe("0.01");
    expect(currencyFilter("99")).toBe("99.00");
    expect(currencyFilter(-3)).toBe("-3.00");
  });

  it("shows 0 for anything that is not a number", () => {
    for (const value of ["abc", undefined, null, Number.NaN, "", "  ", Number.POSITIVE_INFINITY, {}, []])
      expect(currencyFilter(value)).toBe("0");
  });
});

describe("formatMoney", () => {
  it("writes minor units with the currency filter's format and the currency", () => {
    expect(formatMoney(0, "mxn")).toBe("$0.00 MXN");
    expect(formatMoney(5, "usd")).toBe("$0.05 USD");
    expect(formatMoney(2985, "mxn")).toBe("$29.85 MXN");
    expect(formatMoney(123456789, "mxn")).toBe("$1,234,567.89 MXN");
    expect(formatMoney(-2985, "usd")).toBe("-$29.85 USD");
  });

  it("keeps every digit of amounts a float could not hold as a decimal", () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, "mxn")).toBe("$90,071,992,547,409.91 MXN");
  });

  it("reads back as the same integer, and agrees with the currency filter", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom("mxn", "usd" as const), (minor, currency) => {
        const written = formatMoney(minor, currency);
        expect(Number(written.replace(/[^\d-]/g, ""))).toBe(minor);
        const sign = minor < 0 ? "-" : "";
        expect(written).toBe(`${sign}$${currencyFilter(Math.abs(minor) / 100)} ${currency.toUpperCase()}`);
      }),
    );
  });
});
