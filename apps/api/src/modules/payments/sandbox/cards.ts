import type { CardBrand } from "@estaciona/contracts";

/**
 * The sandbox's test cards (docs/sandbox.md "Test cards"). Any other Luhn-valid Visa, Mastercard
 * or Amex number approves; any past expiry behaves like the expired card.
 */
export type SandboxBehaviour = "approve" | "decline" | "expired" | "cvc_fail" | "three_ds";

export const SANDBOX_TEST_CARDS: Record<string, SandboxBehaviour> = {
  "4242424242424242": "approve",
  "4111111111111111": "approve",
  "5555555555554444": "approve",
  "378282246310005": "approve",
  "4000000000000002": "decline",
  "4000000000000069": "expired",
  "4000000000000127": "cvc_fail",
  "4000000000003220": "three_ds",
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): CardBrand | null {
  if (/^3[47]\d{13}$/.test(digits)) return "amex";
  if (/^(5[1-5]\d{14}|2(2[2-9]|[3-6]\d|7[01])\d{12}|2720\d{12})$/.test(digits)) return "mastercard";
  if (/^4(\d{12}|\d{15}|\d{18})$/.test(digits)) return "visa";
  return null;
}

/** True when the card's last valid month is before the current month (UTC). */
export function isExpired(expMonth: number, expYear: number, now: Date = new Date(Date.now())): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}
