import { describe, expect, it } from "vitest";
import { amountText, decimalText, optionalDay, optionalWholeNumber, readDiscount } from "./sales-forms.ts";

describe("the plans and promo codes forms' readers", () => {
  it("reads amounts as minor units without floats and refuses what is not one", () => {
    const amount = amountText("bad");
    expect(amount.parse("1234.5")).toBe(123450);
    expect(amount.parse("1,234.50")).toBe(123450);
    expect(amount.parse("0.07")).toBe(7);
    for (const text of ["", "0", "0.00", "12.345", "1e3", "-5", "abc"])
      expect(amount.safeParse(text).error?.issues[0]?.message).toBe("bad");
  });

  it("reads an empty whole number as no limit and refuses zero and fractions", () => {
    const whole = optionalWholeNumber("bad");
    expect(whole.parse(" ")).toBeNull();
    expect(whole.parse("12")).toBe(12);
    for (const text of ["0", "1.5", "-2", "1234567"]) expect(whole.safeParse(text).success).toBe(false);
  });

  it("reads days as the date input gives them and writes amounts back as typed", () => {
    expect(optionalDay.parse("")).toBeNull();
    expect(optionalDay.parse("2030-01-31")).toBe("2030-01-31");
    expect(optionalDay.safeParse("31/01/2030").error?.issues[0]?.message).toBe("validation.date");
    expect(decimalText(123450)).toBe("1234.50");
  });

  it("reads a plan's own discount against its price, never above it", () => {
    expect(readDiscount("none", "50", 1000)).toBeNull();
    expect(readDiscount("percent", "10", 1000)).toEqual({ rule: { kind: "percent", value: 10 } });
    expect(readDiscount("amount", "10.00", 1000)).toEqual({ rule: { kind: "amount", value: 1000 } });
    expect(readDiscount("percent", "101", 1000)).toEqual({ error: "errors:api_invalid_discount_amount" });
    expect(readDiscount("amount", "10.01", 1000)).toEqual({ error: "errors:api_invalid_discount_amount" });
    expect(readDiscount("percent", "2.5", 1000)).toEqual({ error: "operator:promos.percent_invalid" });
    expect(readDiscount("amount", "0", 1000)).toEqual({ error: "operator:promos.amount_invalid" });
  });
});
