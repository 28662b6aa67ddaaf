import { describe, expect, it } from "vitest";
import { currencyForCountry, formatCurrency, truncate } from "./filters.ts";
import { formatPhone, phoneDigits } from "./phone-mask.ts";

describe("formatCurrency (spec §9)", () => {
  it("shows two decimals in en-US format", () => {
    expect(formatCurrency(1234.5)).toBe("1,234.50");
    expect(formatCurrency(0.005)).toBe("0.01");
    expect(formatCurrency("99")).toBe("99.00");
  });

  it("shows 0 for anything that is not a number", () => {
    expect(formatCurrency("abc")).toBe("0");
    expect(formatCurrency(undefined)).toBe("0");
    expect(formatCurrency(null)).toBe("0");
    expect(formatCurrency(Number.NaN)).toBe("0");
    expect(formatCurrency("")).toBe("0");
  });
});

describe("truncate", () => {
  it("cuts long text and appends an ellipsis", () => {
    expect(truncate("Estacionamiento Centro", 10)).toBe("Estacionam…");
  });

  it("leaves short text alone", () => {
    expect(truncate("Centro", 10)).toBe("Centro");
  });
});

describe("currencyForCountry", () => {
  it("maps mx to mxn and us to usd", () => {
    expect(currencyForCountry("mx")).toBe("mxn");
    expect(currencyForCountry("us")).toBe("usd");
  });
});

describe("phone mask", () => {
  it("formats as (000) 000-0000 while typing and keeps at most 10 digits", () => {
    expect(formatPhone("81")).toBe("(81");
    expect(formatPhone("81234")).toBe("(812) 34");
    expect(formatPhone("8123456789")).toBe("(812) 345-6789");
    expect(formatPhone("812345678999")).toBe("(812) 345-6789");
    expect(phoneDigits("(812) 345-6789")).toBe("8123456789");
  });
});
