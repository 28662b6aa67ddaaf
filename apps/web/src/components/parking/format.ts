import { formatMoney } from "@estaciona/contracts/money";
import { useTranslation } from "react-i18next";
import "../../lib/catalogues/parking.ts";
// Every parking view formats through this hook, so its styles come along with it.
import "./parking.css";

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

const intlLocale = (language: string) => (language === "en" ? "en-US" : "es-MX");

/**
 * Display formatters of the parking screens in the current language: money with its currency
 * (the contracts' `formatMoney`, shared with the API), stay durations with plurals, and instants
 * in the location's time zone (a receipt reads the lot's clock, whatever the phone's zone is).
 */
export function useParkingFormat() {
  const { t, i18n } = useTranslation(["parking", "screens", "common"]);
  const locale = intlLocale(i18n.language);

  const duration = (minutes: number): string => {
    const whole = Math.max(0, Math.floor(minutes));
    if (whole < MINUTES_PER_HOUR) return t("duration.minutes", { count: whole });
    const days = Math.floor(whole / MINUTES_PER_DAY);
    const hours = Math.floor((whole % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
    const rest = whole % MINUTES_PER_HOUR;
    if (days === 0) return t("duration.hours", { hours, minutes: rest });
    return t("duration.days", { count: days, hours, minutes: rest });
  };

  const dateTime = (iso: string | number | null, timeZone?: string): string =>
    iso === null
      ? "—"
      : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));

  const time = (iso: string | number, timeZone?: string): string =>
    new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone }).format(new Date(iso));

  /** Basis points as a percentage without floats: 1600 → "16", 825 → "8.25". */
  const percent = (basisPoints: number): string => {
    const whole = Math.floor(basisPoints / 100);
    const fraction = String(basisPoints % 100)
      .padStart(2, "0")
      .replace(/0+$/, "");
    return fraction ? `${whole}.${fraction}` : String(whole);
  };

  return { t, money: formatMoney, duration, dateTime, time, percent };
}
