import { CODE_DIGITS, PHONE_DIGITS } from "@estaciona/contracts";

/**
 * docs/product/validation.md rules of the two sign-in steps, as plain functions so the sign-in screen does not
 * download a schema library. They mirror `nationalPhone` and `verificationCode` of
 * @estaciona/contracts (schemas/common.ts) and answer the same message keys.
 */
export const PHONE_MESSAGE = "validation:required";
export const CODE_MESSAGE = "auth:invalid_code_format";

/** Phone: required; exactly 10 digits once everything that is not a digit is stripped. */
export function validatePhone(value: string): true | typeof PHONE_MESSAGE {
  return value.replace(/\D/g, "").length === PHONE_DIGITS ? true : PHONE_MESSAGE;
}

/** Code: required; exactly 6 digits. */
export function validateCode(value: string): true | typeof CODE_MESSAGE {
  return new RegExp(`^\\d{${CODE_DIGITS}}$`).test(value.trim()) ? true : CODE_MESSAGE;
}
