import { formatPhone, phoneDigits } from "@estaciona/contracts/phones";
import { describe, expect, it } from "vitest";
import { truncate } from "./filters.ts";

describe("truncate", () => {
  it("cuts long text and appends an ellipsis", () => {
    expect(truncate("Estacionamiento Centro", 10)).toBe("Estacionam…");
  });

  it("leaves short text alone", () => {
    expect(truncate("Centro", 10)).toBe("Centro");
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
