import type { Country } from "./constants.ts";

/**
 * Pre-flight checks of a plate before paying (issue 26 item 6, docs/decisions/0312): a ticket follows
 * a plate paid with a character misread or mistyped as its look-alike, or one no state issues. These
 * only make the app ask "is this the right plate?"; nothing is refused, since a real plate may be
 * unusual (a vanity plate, an old series) and the driver knows their car.
 */

/**
 * The characters a driver, a camera or an officer confuses on a plate (issue 26's 0/O, 1/I, 5/S,
 * 8/B), each folded to the digit it passes for.
 */
export const LOOK_ALIKES: Readonly<Record<string, string>> = { O: "0", I: "1", S: "5", B: "8" };

/** A plate as stored (capitals and digits, no spaces or hyphens: the contracts' `plate`). */
export const normalisePlate = (plate: string): string => plate.replace(/[\s-]/g, "").toUpperCase();

/** The plate with every look-alike folded: two plates that read the same at a glance fold the same. */
export const foldLookAlikes = (plate: string): string =>
  [...normalisePlate(plate)].map((character) => LOOK_ALIKES[character] ?? character).join("");

/** Whether two plates differ only by look-alike characters (a plate is not its own look-alike). */
export const looksAlike = (a: string, b: string): boolean =>
  normalisePlate(a) !== normalisePlate(b) && foldLookAlikes(a) === foldLookAlikes(b);

/**
 * The shape of a plate a state issues to a private car, as loose as the plates on the road:
 * Mexico (NOM-001-SCT-2-2016 and the series before it) mixes letters and digits in 5 to 7
 * characters; US states issue 1 to 8 (vanity plates may be all letters), a few fewer.
 */
const US_MAX_LENGTH: Readonly<Record<string, number>> = { California: 7, Texas: 7, Florida: 7, Hawaii: 6 };

export function fitsStateFormat(plate: string, state: string, country: Country): boolean {
  const value = normalisePlate(plate);
  if (!/^[A-Z0-9]+$/.test(value)) return false;
  if (country === "mx") return value.length >= 5 && value.length <= 7 && /[A-Z]/.test(value) && /\d/.test(value);
  return value.length >= 1 && value.length <= (US_MAX_LENGTH[state] ?? 8);
}

export type PlateDoubt = { kind: "look_alike"; other: string } | { kind: "format" };

/**
 * Why to ask before paying for `vehicle`, or null: first a look-alike of another of the driver's own
 * plates (the likelier slip: the same car added twice, once misspelt), then a plate that does not fit
 * its state's format.
 */
export function plateDoubt(
  vehicle: { plate: string; state: string; country: Country },
  ownPlates: readonly string[],
): PlateDoubt | null {
  const other = ownPlates.find((own) => looksAlike(own, vehicle.plate));
  if (other !== undefined) return { kind: "look_alike", other: normalisePlate(other) };
  return fitsStateFormat(vehicle.plate, vehicle.state, vehicle.country) ? null : { kind: "format" };
}
