import { type FeeRates, parkingFee, stayQuote, type Tariff } from "@estaciona/contracts";
import type { FeeBreakdownBody, FeeRatesBody, TariffBody } from "@estaciona/contracts/schemas/parking";

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

export const tariffFromBody = (body: TariffBody): Tariff => ({
  graceMinutes: body.grace_minutes,
  firstPeriodMinutes: body.first_period_minutes,
  firstPeriodPrice: body.first_period_price,
  incrementMinutes: body.increment_minutes,
  incrementPrice: body.increment_price,
  dailyMax: body.daily_max,
});

export const ratesFromBody = (body: FeeRatesBody): FeeRates => ({
  taxRateBp: body.tax_rate_bp,
  convenienceRateBp: body.convenience_rate_bp,
  convenienceFixed: body.convenience_fixed,
  cardRateBp: body.card_rate_bp,
  cardFixed: body.card_fixed,
});

/** The shared fee engine's breakdown at `at`, in the wire's shape: exactly what paying at `at` charges. */
export function breakdownAt(
  tariff: Tariff,
  rates: FeeRates,
  enteredAt: string,
  at: number,
  currency: FeeBreakdownBody["currency"],
): FeeBreakdownBody {
  const quote = stayQuote(tariff, rates, enteredAt, at);
  return {
    subtotal: quote.subtotal,
    convenience_fee: quote.convenienceFee,
    processing_fee: quote.processingFee,
    tax: quote.tax,
    total: quote.total,
    currency,
  };
}

/**
 * When the price next goes up after `at`, within the next 24 hours: the end of the grace
 * minutes, of the first period, of each increment. The fee engine counts started minutes, so
 * the change happens just after a whole minute from entry; null once the daily maximum is
 * reached for the rest of the day or the tariff never changes.
 */
export function nextPriceChange(
  tariff: Tariff,
  enteredAt: string,
  at: number,
): { at: number; subtotal: number } | null {
  const entered = Date.parse(enteredAt);
  const current = parkingFee(tariff, entered, at);
  const elapsedMinutes = Math.max(0, Math.floor((at - entered) / MINUTE_MS));
  for (let minute = elapsedMinutes; minute <= elapsedMinutes + DAY_MINUTES; minute += 1) {
    const boundary = entered + minute * MINUTE_MS;
    if (boundary < at) continue;
    // One millisecond past the boundary is the first instant the new period is charged.
    const subtotal = parkingFee(tariff, entered, boundary + 1);
    if (subtotal > current) return { at: boundary, subtotal };
  }
  return null;
}
