/**
 * The fee engine (docs/product/money.md and docs/product/parking.md): what a stay costs and what the driver pays on top of it.
 * Pure and shared by the API (the amount charged) and the SPA (the previews), so the price
 * shown first is the price charged. Every amount is an integer in minor units (centavos,
 * cents); every rate is integer basis points (1600 = 16 %); no floating point touches money.
 */

/** A lot's or valet's tariff (docs/product/parking.md). Prices in minor units, durations in minutes. */
export interface Tariff {
  /** A stay no longer than this is free. */
  graceMinutes: number;
  firstPeriodMinutes: number;
  firstPeriodPrice: number;
  /** After the first period every started increment adds `incrementPrice`; 0 minutes means no increments. */
  incrementMinutes: number;
  incrementPrice: number;
  /** The most one 24-hour day from entry can cost; null means no cap. */
  dailyMax: number | null;
}

/** A location's (or event's, meter's, plan's) tax and fee rates (docs/product/money.md). */
export interface FeeRates {
  taxRateBp: number;
  convenienceRateBp: number;
  convenienceFixed: number;
  cardRateBp: number;
  cardFixed: number;
}

/** The amounts stored on every payment and shown before paying. `total` is what the card is charged. */
export interface FeeBreakdown {
  subtotal: number;
  convenienceFee: number;
  processingFee: number;
  tax: number;
  total: number;
}

/** An instant: epoch milliseconds, an ISO-8601 timestamp or a Date. */
export type Instant = number | string | Date;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const BASIS_POINTS = 10_000n;

const toEpochMs = (instant: Instant): number => {
  const ms =
    typeof instant === "number" ? instant : typeof instant === "string" ? Date.parse(instant) : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`Not an instant: ${String(instant)}`);
  return ms;
};

/**
 * `numerator / denominator` rounded half away from zero, in exact integer arithmetic (BigInt,
 * so `amount × rate` never loses precision however large the amount).
 */
export function divideRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("Division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** `amount × rateBp / 10 000`, rounded half away from zero on minor units. */
export function applyRate(amount: number, rateBp: number): number {
  assertInteger(amount, "amount");
  assertInteger(rateBp, "rate");
  return Number(divideRoundHalfAwayFromZero(BigInt(amount) * BigInt(rateBp), BASIS_POINTS));
}

/**
 * The price of a stay of `durationMs` inside one day, before the daily cap: the first period
 * as soon as the stay begins, then one increment price per started increment.
 */
function uncappedPeriodFee(tariff: Tariff, durationMs: number): number {
  if (durationMs <= 0) return 0;
  const firstPeriodMs = tariff.firstPeriodMinutes * MINUTE_MS;
  if (durationMs <= firstPeriodMs || tariff.incrementMinutes <= 0) return tariff.firstPeriodPrice;
  const startedIncrements = Math.ceil((durationMs - firstPeriodMs) / (tariff.incrementMinutes * MINUTE_MS));
  return tariff.firstPeriodPrice + startedIncrements * tariff.incrementPrice;
}

const capped = (fee: number, dailyMax: number | null): number => (dailyMax === null ? fee : Math.min(fee, dailyMax));

/**
 * What a stay from `enteredAt` to `at` costs, in minor units, before fees and tax.
 *
 * - Free while the whole stay is within the grace minutes.
 * - Otherwise the first period's price, then each started increment adds the increment price.
 * - Each 24 hours from entry costs at most the daily maximum: a stay of several days pays every
 *   full day (the day's fee, capped) plus the remainder's fee, capped again. This keeps the fee
 *   monotonic across the day boundaries.
 */
export function parkingFee(tariff: Tariff, enteredAt: Instant, at: Instant): number {
  assertTariff(tariff);
  const durationMs = toEpochMs(at) - toEpochMs(enteredAt);
  if (durationMs <= tariff.graceMinutes * MINUTE_MS) return 0;
  const fullDays = Math.floor(durationMs / DAY_MS);
  const remainderMs = durationMs - fullDays * DAY_MS;
  const fullDayFee = capped(uncappedPeriodFee(tariff, DAY_MS), tariff.dailyMax);
  return fullDays * fullDayFee + capped(uncappedPeriodFee(tariff, remainderMs), tariff.dailyMax);
}

/** When the fee of a running stay next goes up: it stays `fee` through `until`, then becomes `nextFee`. */
export interface FeeChange {
  /** Epoch ms: the last instant at the current fee. */
  until: number;
  fee: number;
  nextFee: number;
}

/** How far ahead `nextFeeChange` looks: past it a fee that never rises (a free tariff) answers null. */
const LOOKAHEAD_DAYS = 3;

/**
 * The next moment the fee of a stay rises after `at` (so a live price can say "free until 10:15"
 * or "goes up to $40 at 11:00"), or null when it does not rise within three days. The fee only
 * changes just after a period boundary (the grace end, the first period's end, each increment's
 * end, each day's start), so those are the only instants to test, in order.
 */
export function nextFeeChange(tariff: Tariff, enteredAt: Instant, at: Instant): FeeChange | null {
  assertTariff(tariff);
  const entry = toEpochMs(enteredAt);
  const elapsed = Math.max(0, toEpochMs(at) - entry);
  const feeAfter = (offsetMs: number) => parkingFee(tariff, entry, entry + offsetMs);
  const fee = feeAfter(elapsed);
  const graceMs = tariff.graceMinutes * MINUTE_MS;
  const firstPeriodMs = tariff.firstPeriodMinutes * MINUTE_MS;
  const incrementMs = tariff.incrementMinutes * MINUTE_MS;
  const firstDay = Math.floor(elapsed / DAY_MS);

  const rises = (boundary: number): FeeChange | null => {
    if (boundary < elapsed) return null;
    const nextFee = feeAfter(boundary + 1);
    return nextFee > fee ? { until: entry + boundary, fee, nextFee } : null;
  };

  for (let day = firstDay; day < firstDay + LOOKAHEAD_DAYS; day += 1) {
    const dayStart = day * DAY_MS;
    const candidates = [dayStart, graceMs, dayStart + firstPeriodMs]
      .filter((boundary) => boundary >= dayStart && boundary < dayStart + DAY_MS)
      .sort((a, b) => a - b);
    for (const boundary of candidates) {
      const change = rises(boundary);
      if (change) return change;
    }
    if (incrementMs > 0) {
      const firstIncrementEnd = dayStart + firstPeriodMs + incrementMs;
      const skip = Math.max(0, Math.floor((elapsed - firstIncrementEnd) / incrementMs));
      for (
        let boundary = firstIncrementEnd + skip * incrementMs;
        boundary < dayStart + DAY_MS;
        boundary += incrementMs
      ) {
        const change = rises(boundary);
        if (change) return change;
      }
    }
  }
  return null;
}

/**
 * Fees and tax on top of a subtotal (docs/product/money.md):
 * convenience = round(subtotal × conv_rate) + conv_fixed;
 * processing = round((subtotal + convenience) × card_rate) + card_fixed;
 * tax = round((subtotal + convenience + processing) × tax_rate); total = the sum.
 * A zero subtotal (a free stay) charges nothing at all: no fixed fees either.
 */
export function feeBreakdown(subtotal: number, rates: FeeRates): FeeBreakdown {
  assertNonNegativeInteger(subtotal, "subtotal");
  assertRates(rates);
  if (subtotal === 0) return { subtotal: 0, convenienceFee: 0, processingFee: 0, tax: 0, total: 0 };
  const convenienceFee = applyRate(subtotal, rates.convenienceRateBp) + rates.convenienceFixed;
  const processingFee = applyRate(subtotal + convenienceFee, rates.cardRateBp) + rates.cardFixed;
  const tax = applyRate(subtotal + convenienceFee + processingFee, rates.taxRateBp);
  return { subtotal, convenienceFee, processingFee, tax, total: subtotal + convenienceFee + processingFee + tax };
}

/** The fee of a stay and its breakdown in one call: what a quote shows and what paying charges. */
export function stayQuote(tariff: Tariff, rates: FeeRates, enteredAt: Instant, at: Instant): FeeBreakdown {
  return feeBreakdown(parkingFee(tariff, enteredAt, at), rates);
}

/**
 * The numbers a human description of a tariff needs ("15 min free, then $20.00 for the first
 * hour, $10.00 per extra 30 min, at most $250.00 a day"). Numbers only: the words are the SPA's
 * i18n. `firstPeriodTotal` is the first period's all-in price, fees and tax included.
 */
export interface TariffDescription {
  graceMinutes: number;
  firstPeriod: { minutes: number; price: number; total: number };
  increment: { minutes: number; price: number } | null;
  dailyMax: number | null;
}

export function describeTariff(tariff: Tariff, rates: FeeRates): TariffDescription {
  assertTariff(tariff);
  return {
    graceMinutes: tariff.graceMinutes,
    firstPeriod: {
      minutes: tariff.firstPeriodMinutes,
      price: tariff.firstPeriodPrice,
      total: feeBreakdown(tariff.firstPeriodPrice, rates).total,
    },
    increment:
      tariff.incrementMinutes > 0 && tariff.incrementPrice > 0
        ? { minutes: tariff.incrementMinutes, price: tariff.incrementPrice }
        : null,
    dailyMax: tariff.dailyMax,
  };
}

function assertInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`);
}

function assertNonNegativeInteger(value: number, name: string): void {
  assertInteger(value, name);
  if (value < 0) throw new RangeError(`${name} must not be negative, got ${value}`);
}

function assertTariff(tariff: Tariff): void {
  assertNonNegativeInteger(tariff.graceMinutes, "graceMinutes");
  assertNonNegativeInteger(tariff.firstPeriodMinutes, "firstPeriodMinutes");
  assertNonNegativeInteger(tariff.firstPeriodPrice, "firstPeriodPrice");
  assertNonNegativeInteger(tariff.incrementMinutes, "incrementMinutes");
  assertNonNegativeInteger(tariff.incrementPrice, "incrementPrice");
  if (tariff.dailyMax !== null) assertNonNegativeInteger(tariff.dailyMax, "dailyMax");
}

function assertRates(rates: FeeRates): void {
  assertNonNegativeInteger(rates.taxRateBp, "taxRateBp");
  assertNonNegativeInteger(rates.convenienceRateBp, "convenienceRateBp");
  assertNonNegativeInteger(rates.convenienceFixed, "convenienceFixed");
  assertNonNegativeInteger(rates.cardRateBp, "cardRateBp");
  assertNonNegativeInteger(rates.cardFixed, "cardFixed");
}
