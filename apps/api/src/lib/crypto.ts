import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { CODE_DIGITS } from "@estaciona/contracts";

/** Independent keys derived from APP_SECRET, one per purpose, so no key serves two jobs. */
export type KeyPurpose =
  | "access-token"
  | "code-hmac"
  | "device-key"
  | "event-pass"
  | "valet-claim"
  | "receipt-proof"
  | "place-sign";

export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "estaciona", purpose, 32));
}

/** A 6-digit one-time code from the CSPRNG (ASVS 6.5.3). */
export const newCode = (): string => String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");

/** Codes are kept only as an HMAC bound to what they were issued for (ASVS 4.0.3 2.7.5, 6.6.2). */
export const codeHmac = (key: Buffer, code: string, bindTo: string): string =>
  createHmac("sha256", key).update(`${bindTo}\n${code}`).digest("base64url");

/** Whether a code matches its stored HMAC under any accepted key (two while APP_SECRET rotates). */
export const codeMatches = (keys: readonly Buffer[], code: string, bindTo: string, stored: string): boolean =>
  keys.some((key) => sameSecret(codeHmac(key, code, bindTo), stored));

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Opaque bearer secrets: 256 bits from the CSPRNG (ASVS 7.2.3 asks for ≥128). */
export const newOpaqueToken = (): string => randomBytes(32).toString("base64url");
export const sha256 = (value: string): string => createHash("sha256").update(value).digest("base64url");
