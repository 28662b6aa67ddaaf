import { type GatewayName, GatewayUnavailableError } from "./gateway.ts";

/**
 * Shared plumbing of the real provider adapters (conekta.ts, nmi.ts, netpay.ts): one HTTP call with
 * a deadline, and money formatting without floats. Anything that leaves the outcome unknown
 * (timeout, lost connection, 5xx, an unreadable body) becomes `GatewayUnavailableError`, so the
 * ledger keeps the attempt pending and asks `findCharge` later (reliability.md PAY-3).
 */
export type FetchImpl = (input: string, init: RequestInit) => Promise<Response>;

export const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;

export interface ProviderAnswer {
  status: number;
  body: string;
}

export async function callProvider(
  provider: GatewayName,
  fetchImpl: FetchImpl,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<ProviderAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let status: number;
  let body: string;
  try {
    const response = await fetchImpl(url, { ...init, signal });
    status = response.status;
    // The body is read under the same deadline: a provider that sends headers and then stalls
    // has not told us the outcome either.
    body = await response.text();
  } catch (error) {
    const reason = signal.aborted ? `no answer within ${timeoutMs} ms` : "connection failed";
    throw new GatewayUnavailableError(provider, `${reason} (${describeUrl(url)})`, { cause: error });
  }
  if (status >= 500) {
    throw new GatewayUnavailableError(provider, `answered ${status} (${describeUrl(url)})`);
  }
  return { status, body };
}

/** Parses a JSON answer; an unreadable body means we do not know what happened. */
export function parseJsonAnswer<T>(provider: GatewayName, answer: ProviderAnswer): T {
  try {
    return JSON.parse(answer.body) as T;
  } catch (error) {
    throw new GatewayUnavailableError(provider, `answered ${answer.status} with a body that is not JSON`, {
      cause: error,
    });
  }
}

function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}

export function trimTrailingSlash(base: string): string {
  return base.replace(/\/+$/, "");
}

/**
 * 1000 → "10.00", 1 → "0.01", 123456 → "1234.56". Works on the decimal digits of the integer,
 * so no binary fraction ever exists (docs/product/money.md: no floats in money code).
 */
export function minorUnitsToDecimalString(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`amount must be a non-negative integer of minor units, got ${amount}`);
  }
  const digits = String(amount).padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "10.00" → 1000, "0.5" → 50, "7" → 700; null when the text is not a plain decimal amount. */
export function decimalStringToMinorUnits(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").padEnd(2, "0");
  const amount = Number(`${whole}${fraction}`);
  return Number.isSafeInteger(amount) ? amount : null;
}

/** A money amount that `jsonWithDecimalAmounts` writes as a bare decimal number literal. */
export class DecimalAmount {
  constructor(readonly minorUnits: number) {}
}

/**
 * JSON in which every `DecimalAmount` becomes a bare number literal (`"amount":10.00`), for
 * providers whose JSON wants pesos as a number (NetPay). The literal is spliced in as text from
 * the integer's digits, never computed as a float.
 */
export function jsonWithDecimalAmounts(value: unknown): string {
  const literals: string[] = [];
  const json = JSON.stringify(value, (_key, fieldValue: unknown) => {
    if (fieldValue instanceof DecimalAmount) {
      literals.push(minorUnitsToDecimalString(fieldValue.minorUnits));
      return `__decimal_amount_${literals.length - 1}__`;
    }
    return fieldValue;
  });
  return json.replace(/"__decimal_amount_(\d+)__"/g, (_match, index: string) => literals[Number(index)] ?? "null");
}

/** Card brands as our contracts spell them; anything else is kept lower-cased. */
export function normaliseCardBrand(raw: string | null | undefined, maskedNumber?: string | null): string {
  const brand = (raw ?? "").toLowerCase().replace(/[^a-z]/g, "");
  if (brand.startsWith("visa")) return "visa";
  if (brand.startsWith("master") || brand === "mc") return "mastercard";
  if (brand.startsWith("amex") || brand.startsWith("americanexpress")) return "amex";
  if (brand) return brand;
  const first = maskedNumber?.trim().charAt(0);
  if (first === "4") return "visa";
  if (first === "5" || first === "2") return "mastercard";
  if (first === "3") return "amex";
  return "unknown";
}

/** Conekta sends "25" for 2025 and NMI "1025" (MMYY): two-digit years are this century. */
export function fourDigitYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}
