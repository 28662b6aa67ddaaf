import type { Currency } from "@estaciona/contracts";
import { useTranslation } from "react-i18next";
import { cardBrandName } from "../../../lib/card-brand.ts";
import { formatCurrency } from "../../../lib/filters.ts";
import { formatInZone } from "../../../lib/zoned-time.ts";
import "../../../lib/catalogues/parking.ts";
// Every parking view formats through this hook, so its styles come along with it.
import "../styles/parking.css";

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * Minor units as a decimal string ("12345" → "123.45") from the integer's digits, so no float
 * ever holds the amount; the spec's currency filter then groups it for display.
 */
export function minorUnitsToDecimal(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  const digits = String(Math.abs(Math.trunc(amount))).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const intlLocale = (language: string) => (language === "en" ? "en-US" : "es-MX");

/**
 * Display formatters of the parking screens in the current language: money with its currency,
 * stay durations with plurals, saved cards, and instants on the location's clock (lib/zoned-time:
 * the lot's zone is named beside the time when the phone's clock would read otherwise).
 */
export function useParkingFormat() {
  const { t, i18n } = useTranslation(["parking", "screens", "common"]);
  const locale = intlLocale(i18n.language);

  const money = (amount: number, currency: Currency | string): string =>
    t("money", { amount: formatCurrency(minorUnitsToDecimal(amount)), currency: currency.toUpperCase() });

  const duration = (minutes: number): string => {
    const whole = Math.max(0, Math.floor(minutes));
    if (whole < MINUTES_PER_HOUR) return t("duration.minutes", { count: whole });
    const days = Math.floor(whole / MINUTES_PER_DAY);
    const hours = Math.floor((whole % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
    const rest = whole % MINUTES_PER_HOUR;
    if (days === 0) return t("duration.hours", { hours, minutes: rest });
    return t("duration.days", { count: days, hours, minutes: rest });
  };

  const dateTime = (iso: string | number | null, timeZone: string): string =>
    iso === null ? "—" : formatInZone(iso, { locale, timeZone, withDate: true });

  const time = (iso: string | number, timeZone: string): string =>
    formatInZone(iso, { locale, timeZone, withDate: false });

  const card = ({ brand, last4 }: { brand: string; last4: string }): string =>
    t("ledger.card", { brand: cardBrandName(brand), last4 });

  /** Basis points as a percentage without floats: 1600 → "16", 825 → "8.25". */
  const percent = (basisPoints: number): string => {
    const whole = Math.floor(basisPoints / 100);
    const fraction = String(basisPoints % 100)
      .padStart(2, "0")
      .replace(/0+$/, "");
    return fraction ? `${whole}.${fraction}` : String(whole);
  };

  return { t, money, duration, dateTime, time, card, percent };
}
