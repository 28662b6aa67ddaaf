import { describe, expect, it } from "vitest";
import { isTextablePhone } from "./phones.ts";

describe("textable phones (libphonenumber's full metadata)", () => {
  it("takes Mexican and US numbers that can receive a text, the project's test and demo phones among them", () => {
    for (const phone of [
      "+528100000001", // the seed's demo driver: 81 0000 0001 (Monterrey)
      "+528112345678",
      "+525512345678", // tests' own phones: area code 55 (Mexico City)
      "+523312345678",
      "+15122345678", // Austin, an ordinary line
      "+12024561111", // Washington
      "+15122001234", // e2e's US phones: 512 2xx
    ])
      expect(isTextablePhone(phone), phone).toBe(true);
  });

  it("refuses the Caribbean and Canada under +1, fictional 555-01xx lines and impossible numbers", () => {
    for (const [phone, what] of <Array<[string, string]>>[
      ["+18095550142", "Dominican Republic"],
      ["+14165550142", "Canada (Toronto)"],
      ["+17875550142", "Puerto Rico: its own country in the metadata, not US"],
      ["+15125550100", "fictional NANP line 555-0100"],
      ["+12125550199", "fictional NANP line 555-0199"],
      ["+15555550123", "area code 555 does not exist"],
      ["+18112345678", "811 is a service code, not an area code"],
      ["+15005550006", "a personal-communications number, not a mobile line"],
      ["+520001234567", "Mexico has no 000 numbers"],
      ["+528900001000", "Mexico's 890 block is unassigned"],
      ["+447700900123", "not +52 or +1"],
    ])
      expect(isTextablePhone(phone), what).toBe(false);
  });
});
