import { describe, expect, it } from "vitest";
import {
  e164Phone,
  email,
  idempotencyKey,
  isNotFoundCode,
  MESSAGE,
  optionalText,
  requiredText,
  text,
  uuidParams,
} from "./common.ts";

const messages = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("the text rule", () => {
  it("takes any text a person types: accents, ñ, emoji (surrogate pairs), symbols", () => {
    for (const value of ["José Pérez", "Ñandú", "🚗 Mazda 3", "Ω≈ç√∫", "O'Brien-Smith", "", " spaced "])
      expect(text().safeParse(value).success, value).toBe(true);
  });

  it("refuses C0 controls, DEL, C1 controls and lone surrogates on one line", () => {
    for (const value of [
      "\u0000",
      "a\u0000b",
      "\u0001",
      "a\tb",
      "a\nb",
      "a\rb",
      "\u001b[31m",
      "\u007f",
      "\u0080",
      "\u0085",
      "\u009f",
      "\ud800",
      "a\udfff",
      "\udc00\ud800",
      "🚗\ud83d",
    ])
      expect(messages(text().safeParse(value)), JSON.stringify(value)).toEqual([MESSAGE.characters]);
  });

  it("lets a multi-line field carry tab and line breaks, nothing else", () => {
    const multiline = text({ multiline: true });
    expect(multiline.safeParse("Línea 1\r\nLínea 2\n\tsangría").success).toBe(true);
    for (const value of ["\u0000", "a\u000bb", "\u000c", "\u001b", "\u007f", "\u0085", "\ud800"])
      expect(messages(multiline.safeParse(value)), JSON.stringify(value)).toEqual([MESSAGE.characters]);
  });

  it("is under every text schema, checked before trimming", () => {
    expect(messages(requiredText(80).safeParse("Ana\u0000"))).toContain(MESSAGE.characters);
    expect(messages(requiredText(80).safeParse("\tAna"))).toContain(MESSAGE.characters);
    expect(messages(optionalText(60).safeParse("\u0085"))).toContain(MESSAGE.characters);
    expect(messages(email.safeParse("a\u0000@example.com"))).toEqual([MESSAGE.characters]);
    expect(requiredText(80).parse("  Ana  ")).toBe("Ana");
  });
});

describe("ids and keys", () => {
  it("a path id that is not a UUID fails with the route's not-found code", () => {
    expect(messages(uuidParams().safeParse({ uuid: "not-a-uuid" }))).toEqual(["object_not_found"]);
    expect(messages(uuidParams("vehicle_not_found").safeParse({ uuid: "\u0000" }))).toEqual(["vehicle_not_found"]);
    expect(uuidParams().parse({ uuid: "7d1e5a10-0000-4000-8000-000000000101" })).toBeTruthy();
    expect(isNotFoundCode("vehicle_not_found")).toBe(true);
    expect(isNotFoundCode("invalid_data")).toBe(false);
    expect(isNotFoundCode("validation.required")).toBe(false);
  });

  it("an Idempotency-Key is 1–255 characters of text, trimmed", () => {
    expect(idempotencyKey.parse(" key-1 ")).toBe("key-1");
    expect(idempotencyKey.safeParse("k".repeat(255)).success).toBe(true);
    for (const value of [undefined, "", "   ", "k".repeat(256), 42])
      expect(idempotencyKey.safeParse(value).success).toBe(false);
    expect(messages(idempotencyKey.safeParse("a\u0000"))).toEqual([MESSAGE.characters]);
  });
});

describe("phones", () => {
  it("take a +52 or +1 number with the separators people write, stored as E.164", () => {
    for (const [typed, stored] of [
      ["+528112345678", "+528112345678"],
      [" +52 81 1234 5678 ", "+528112345678"],
      ["+52-81-1234-5678", "+528112345678"],
      ["+1 (512) 555-0100", "+15125550100"],
      ["+1.512.555.0100", "+15125550100"],
    ])
      expect(e164Phone.parse(typed), typed).toBe(stored);
  });

  it("refuse other countries, missing country codes, wrong lengths and control characters", () => {
    for (const value of [
      "8112345678",
      "+448112345678",
      "+52811234567",
      "+5281123456789",
      "+52\t8112345678",
      "+52 81 1234 567x",
      "",
    ])
      expect(e164Phone.safeParse(value).success, value).toBe(false);
  });
});
