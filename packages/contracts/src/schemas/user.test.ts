import { describe, expect, it } from "vitest";
import { createVehicleBody, editUserBody } from "./user.ts";

/**
 * The messages are `validation.*` keys the SPA shows in the driver's language (docs/product/validation.md); a field
 * shows its first message, so that is the one checked.
 */
const messagesOf = (input: unknown) => {
  const firstPerField = new Map<string, string>();
  for (const issue of createVehicleBody.safeParse(input).error?.issues ?? []) {
    const field = issue.path.join(".");
    if (!firstPerField.has(field)) firstPerField.set(field, issue.message);
  }
  return [...firstPerField].map(([field, message]) => `${field}: ${message}`);
};

describe("vehicle body", () => {
  it("upper-cases the plate and drops spaces and dashes; answers the canonical state", () => {
    expect(createVehicleBody.parse({ plate: " ab-1 2c ", state: "ciudad de mexico" })).toEqual({
      plate: "AB12C",
      state: "Ciudad de México",
      brand: null,
      model: null,
      year: null,
      color: null,
    });
  });

  it("names the rule each bad field breaks", () => {
    expect(messagesOf({ state: "Jalisco" })).toEqual(["plate: validation.required"]);
    expect(messagesOf({ plate: " - ", state: "Jalisco" })).toEqual(["plate: validation.required"]);
    expect(messagesOf({ plate: "AB*12", state: "Jalisco" })).toEqual(["plate: validation.alphanumeric"]);
    expect(messagesOf({ plate: "ABCDEFGHIJK", state: "Jalisco" })).toEqual(["plate: validation.max_length"]);
    expect(messagesOf({ plate: "ABC123", state: "Narnia" })).toEqual(["state: validation.state"]);
    expect(messagesOf({ plate: "ABC123", state: "Jalisco", year: 1850 })).toEqual(["year: validation.min_value"]);
  });
});

describe("profile edit body", () => {
  it("takes names with an e-mail or names with a student id", () => {
    expect(editUserBody.parse({ first_name: " Ana ", last_name: "Ruiz", email: "ANA@Example.com" })).toEqual({
      first_name: "Ana",
      last_name: "Ruiz",
      email: "ana@example.com",
    });
    expect(editUserBody.parse({ first_name: "Ana", last_name: "Ruiz", student_id: "A0123" })).toEqual({
      first_name: "Ana",
      last_name: "Ruiz",
      student_id: "A0123",
    });
    expect(editUserBody.safeParse({ first_name: "Ana", last_name: "Ruiz" }).success).toBe(false);
  });
});
