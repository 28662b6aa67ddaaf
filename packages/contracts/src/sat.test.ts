import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cfdiUsesFor,
  isPersonalRfc,
  legalNameForCfdi,
  normaliseRfc,
  personTypeOfRfc,
  RFC_PATTERN,
  regimesFor,
  TAX_REGIMES,
} from "./sat.ts";

const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ&Ñ".split("");
const alphanumerics = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".split("");
const two = (n: number) => String(n).padStart(2, "0");

/** RFCs the SAT pattern describes: 3 (moral) or 4 (física) letters, a real month and day, a homoclave. */
const rfcs = fc
  .record({
    initials: fc.array(fc.constantFrom(...letters), { minLength: 3, maxLength: 4 }),
    year: fc.integer({ min: 0, max: 99 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
    homoclave: fc.array(fc.constantFrom(...alphanumerics), { minLength: 2, maxLength: 2 }),
    check: fc.constantFrom(..."0123456789A".split("")),
  })
  .map((r) => `${r.initials.join("")}${two(r.year)}${two(r.month)}${two(r.day)}${r.homoclave.join("")}${r.check}`);

describe("RFC validation", () => {
  it("accepts every RFC of the SAT pattern, typed in any case, and tells the person type by its length", () => {
    fc.assert(
      fc.property(rfcs, (rfc) => {
        const typed = normaliseRfc(rfc.toLowerCase().replace("ñ", "ñ"));
        expect(RFC_PATTERN.test(typed)).toBe(true);
        expect(isPersonalRfc(typed)).toBe(true);
        expect(personTypeOfRfc(typed)).toBe(typed.length === 12 ? "moral" : "fisica");
      }),
    );
  });

  it("refuses near misses: a character too many or too few, a month 13, a day 32, a letter in the date", () => {
    fc.assert(
      fc.property(rfcs, fc.nat(), (rfc, seed) => {
        const dateAt = rfc.length - 9;
        const misses = [
          `${rfc}1`,
          rfc.slice(0, -1),
          `${rfc.slice(0, dateAt + 2)}13${rfc.slice(dateAt + 4)}`,
          `${rfc.slice(0, dateAt + 4)}32${rfc.slice(dateAt + 6)}`,
          `${rfc.slice(0, dateAt + (seed % 6))}X${rfc.slice(dateAt + (seed % 6) + 1)}`,
          `${rfc.slice(0, -1)}B`,
        ];
        for (const miss of misses) expect(isPersonalRfc(miss), miss).toBe(false);
      }),
    );
  });

  it("refuses the generic RFCs for a driver's own invoice", () => {
    expect(isPersonalRfc("XAXX010101000")).toBe(false);
    expect(isPersonalRfc("XEXX010101000")).toBe(false);
    expect(isPersonalRfc(normaliseRfc(" pepa-800101-ab1 "))).toBe(true);
  });
});

describe("SAT catalogues", () => {
  it("offers, for any regime of a person type, only uses the catalogue allows for both", () => {
    fc.assert(
      fc.property(fc.constantFrom("fisica" as const, "moral" as const), fc.nat(), (personType, pick) => {
        const regimes = regimesFor(personType);
        const regime = regimes[pick % regimes.length];
        if (!regime) throw new Error("every person type has regimes");
        for (const use of cfdiUsesFor(regime.code, personType)) {
          expect(use[personType]).toBe(true);
          expect(use.regimes).toContain(regime.code);
          expect(use.onlyVoucherType).toBeUndefined();
        }
      }),
    );
  });

  it("gives companies general expenses and keeps personal deductions and payroll for individuals", () => {
    expect(cfdiUsesFor("601", "moral").map((use) => use.code)).toContain("G03");
    expect(cfdiUsesFor("601", "moral").map((use) => use.code)).not.toContain("D01");
    expect(cfdiUsesFor("605", "fisica").map((use) => use.code)).toEqual(expect.arrayContaining(["D01", "S01"]));
    // Sin obligaciones fiscales: an income invoice can only be "sin efectos fiscales" (CP01 is for payments).
    expect(cfdiUsesFor("616", "fisica").map((use) => use.code)).toEqual(["S01"]);
    expect(regimesFor("moral").map((regime) => regime.code)).not.toContain("605");
    expect(TAX_REGIMES.every((regime) => regime.fisica || regime.moral)).toBe(true);
  });

  it("takes a company's capital regime off its name, never an individual's words", () => {
    expect(legalNameForCfdi("Acme, S.A. de C.V.", "moral")).toBe("ACME");
    expect(legalNameForCfdi("Estacionamientos del Norte S. de R.L. de C.V.", "moral")).toBe(
      "ESTACIONAMIENTOS DEL NORTE",
    );
    expect(legalNameForCfdi("Consultores SAPI de CV", "moral")).toBe("CONSULTORES");
    expect(legalNameForCfdi("  ana   pérez  ", "fisica")).toBe("ANA PÉREZ");
  });
});
