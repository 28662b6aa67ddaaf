import { describe, expect, it } from "vitest";
import { formatPhone, formatPhoneNumber } from "./phones.ts";

describe("formatPhone (the sign-in mask)", () => {
  it("masks as the driver types", () => {
    expect(formatPhone("81")).toBe("(81");
    expect(formatPhone("81123")).toBe("(811) 23");
    expect(formatPhone("8112345678")).toBe("(811) 234-5678");
  });
});

describe("formatPhoneNumber (a stored E.164 number for people)", () => {
  it("groups Mexican numbers by area code: two digits in Mexico City, Guadalajara and Monterrey", () => {
    expect(formatPhoneNumber("+528111112222")).toBe("+52 81 1111 2222");
    expect(formatPhoneNumber("+525512345678")).toBe("+52 55 1234 5678");
    expect(formatPhoneNumber("+523312345678")).toBe("+52 33 1234 5678");
  });

  it("uses three-digit area codes elsewhere in Mexico", () => {
    expect(formatPhoneNumber("+522221234567")).toBe("+52 222 123 4567");
  });

  it("writes US numbers the North American way", () => {
    expect(formatPhoneNumber("+15125550100")).toBe("+1 (512) 555-0100");
  });

  it("leaves anything else as stored", () => {
    expect(formatPhoneNumber("+4930123456")).toBe("+4930123456");
    expect(formatPhoneNumber("+52811111222")).toBe("+52811111222");
    expect(formatPhoneNumber("")).toBe("");
  });
});
