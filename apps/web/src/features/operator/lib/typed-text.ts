import { z } from "zod";

/**
 * Console fields hold what the operator types ("25.00", "16", "15", "25.6866"); these read that
 * text into what the API takes, or say `message` on the field. They only read: the bounds are the
 * contract's, so a reading is piped into the contract's own field schema
 * (`typedText(wholeNumber, INVALID).pipe(locationBody.shape.capacity)`), and the form refuses what
 * the API would refuse, before it is sent.
 */
export const typedText = <T>(read: (text: string) => T | null, message: string) =>
  z.string().transform((value, context) => {
    const result = read(value.trim());
    if (result === null) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return result;
  });

/** Empty: null; anything else is read as `typedText` reads it. */
export const optionalTypedText = <T>(read: (text: string) => T | null, message: string) =>
  z.string().transform((value, context) => {
    const text = value.trim();
    if (text === "") return null;
    const result = read(text);
    if (result === null) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return result;
  });

/** Up to six digits, nothing else. */
export const wholeNumber = (text: string): number | null => (/^\d{1,6}$/.test(text) ? Number(text) : null);

/** A decimal number (a latitude, a longitude). */
export const coordinate = (text: string): number | null => {
  const value = Number(text);
  return text !== "" && Number.isFinite(value) ? value : null;
};
