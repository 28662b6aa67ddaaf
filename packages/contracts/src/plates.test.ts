import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitsStateFormat, foldLookAlikes, LOOK_ALIKES, looksAlike, normalisePlate, plateDoubt } from "./plates.ts";
import { MEXICAN_STATES, US_STATES } from "./states.ts";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const plateOf = (min: number, max: number) =>
  fc.array(fc.constantFrom(...ALNUM), { minLength: min, maxLength: max }).map((characters) => characters.join(""));
/** Each look-alike pair, both ways: O→0 and 0→O. */
const SWAPS: Record<string, string> = Object.fromEntries(
  Object.entries(LOOK_ALIKES).flatMap(([letter, digit]) => [
    [letter, digit],
    [digit, letter],
  ]),
);
const swappable = (plate: string) => [...plate].some((character) => character in SWAPS);
/** The plate with the look-alikes at the chosen positions swapped (at least one of them). */
const misread = (plate: string, picks: boolean[]) => {
  const positions = [...plate].flatMap((character, index) => (character in SWAPS ? [index] : []));
  const chosen = positions.filter((_, index) => picks[index % picks.length]);
  const swapped = new Set(chosen.length > 0 ? chosen : [positions[0]]);
  return [...plate].map((character, index) => (swapped.has(index) ? SWAPS[character] : character)).join("");
};

describe("look-alike plates", () => {
  it("a plate with any of its 0/O, 1/I, 5/S, 8/B swapped looks like it, both ways, and asks naming the driver's plate", () => {
    fc.assert(
      fc.property(
        plateOf(1, 8).filter(swappable),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        (own, picks) => {
          const typed = misread(own, picks);
          expect(looksAlike(typed, own)).toBe(true);
          expect(looksAlike(own, typed)).toBe(true);
          expect(plateDoubt({ plate: typed, state: "California", country: "us" }, [own, typed])).toEqual({
            kind: "look_alike",
            other: own,
          });
        },
      ),
    );
  });

  it("a plate is never its own look-alike, whatever its spacing or case", () => {
    fc.assert(
      fc.property(plateOf(1, 8), (plate) => {
        expect(looksAlike(plate, plate)).toBe(false);
        expect(looksAlike(plate.toLowerCase(), `${plate.slice(0, 1)} ${plate.slice(1)}`)).toBe(false);
      }),
    );
  });

  it("plates that differ in a character with no look-alike never look alike", () => {
    fc.assert(
      fc.property(plateOf(1, 8), fc.nat(), fc.constantFrom(..."ACEFHJKMNPRTUVWXYZ2345679"), (plate, at, other) => {
        const index = at % plate.length;
        const current = plate.charAt(index);
        fc.pre(current !== other && !(current in SWAPS) && !(other in SWAPS));
        const changed = `${plate.slice(0, index)}${other}${plate.slice(index + 1)}`;
        expect(looksAlike(plate, changed)).toBe(false);
      }),
    );
  });

  it("folding is idempotent and keeps the length", () => {
    fc.assert(
      fc.property(plateOf(0, 10), (plate) => {
        expect(foldLookAlikes(foldLookAlikes(plate))).toBe(foldLookAlikes(plate));
        expect(foldLookAlikes(plate)).toHaveLength(normalisePlate(plate).length);
      }),
    );
  });

  it("the driver's only plate, or plates far apart, raise no look-alike", () => {
    expect(plateDoubt({ plate: "ABC123D", state: "Nuevo León", country: "mx" }, ["ABC123D"])).toBeNull();
    expect(plateDoubt({ plate: "ABC123D", state: "Nuevo León", country: "mx" }, ["ABC123D", "XYZ987A"])).toBeNull();
    expect(plateDoubt({ plate: "ABC1O3D", state: "Nuevo León", country: "mx" }, ["ABC1O3D", "ABC103D"])).toEqual({
      kind: "look_alike",
      other: "ABC103D",
    });
  });
});

describe("a plate's state format", () => {
  const letters = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  const digit = fc.constantFrom(..."0123456789");

  it("today's Mexican private plate (AAA-000-A) fits every Mexican state", () => {
    fc.assert(
      fc.property(
        fc.tuple(letters, letters, letters, digit, digit, digit, letters),
        fc.constantFrom(...MEXICAN_STATES),
        (parts, state) => {
          const plate = `${parts.slice(0, 3).join("")}-${parts.slice(3, 6).join("")}-${parts[6]}`;
          expect(fitsStateFormat(plate, state, "mx")).toBe(true);
          expect(plateDoubt({ plate, state, country: "mx" }, [])).toBeNull();
        },
      ),
    );
  });

  it("a Mexican plate of only letters or only digits, or past 7 characters, does not fit and asks", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(letters, { minLength: 5, maxLength: 7 }).map((x) => x.join("")),
          fc.array(digit, { minLength: 5, maxLength: 7 }).map((x) => x.join("")),
          plateOf(8, 10),
        ),
        fc.constantFrom(...MEXICAN_STATES),
        (plate, state) => {
          expect(fitsStateFormat(plate, state, "mx")).toBe(false);
          expect(plateDoubt({ plate, state, country: "mx" }, [plate])).toEqual({ kind: "format" });
        },
      ),
    );
  });

  it("US vanity plates of up to 6 fit every state; 9 characters fit none; Hawaii stops at 6, California at 7, New York at 8", () => {
    fc.assert(
      fc.property(plateOf(1, 6), plateOf(9, 10), fc.constantFrom(...US_STATES), (vanity, long, state) => {
        expect(fitsStateFormat(vanity, state, "us")).toBe(true);
        expect(fitsStateFormat(long, state, "us")).toBe(false);
      }),
    );
    expect(fitsStateFormat("ABC1234", "Hawaii", "us")).toBe(false);
    expect(fitsStateFormat("ABC1234", "California", "us")).toBe(true);
    expect(fitsStateFormat("ABCD1234", "California", "us")).toBe(false);
    expect(fitsStateFormat("ABCD1234", "New York", "us")).toBe(true);
  });

  it("a look-alike is asked about before the format", () => {
    expect(plateDoubt({ plate: "ABCDEFGHI", state: "Texas", country: "us" }, ["A8CDEFGHI"])).toEqual({
      kind: "look_alike",
      other: "A8CDEFGHI",
    });
  });
});
