import { formatMoney } from "@estaciona/contracts/money";
import { type WalletKind, withWalletName } from "@estaciona/contracts/wallets";
import { stayDuration } from "@estaciona/i18n/duration";
import { useTranslation } from "react-i18next";
import { cardBrandName } from "../../lib/card-brand.ts";
import { clockOfDay, formatInZone, formatRangeInZone } from "./zoned-time.ts";
import "../../lib/catalogues/parking.ts";
// Every parking view formats through this hook, so its styles come along with it.
import "./parking.css";

const intlLocale = (language: string) => (language === "en" ? "en-US" : "es-MX");

/**
 * Display formatters of the parking screens in the current language: money with its currency
 * (the contracts' `formatMoney`, shared with the API), stay durations with plurals, saved cards
 * (the contracts' brand names), and instants on the location's clock (zoned-time.ts: the lot's
 * zone is named beside the time when the phone's clock would read otherwise).
 */
export function useParkingFormat() {
  const { t, i18n } = useTranslation(["parking", "screens", "common"]);
  const locale = intlLocale(i18n.language);

  const duration = (minutes: number): string => {
    const { key, params } = stayDuration(minutes);
    return t(key, params);
  };

  const dateTime = (iso: string | number | null, timeZone: string): string =>
    iso === null ? "—" : formatInZone(iso, { locale, timeZone, withDate: true });

  const time = (iso: string | number, timeZone: string): string =>
    formatInZone(iso, { locale, timeZone, withDate: false });

  const dateTimeRange = (start: string, end: string, timeZone: string): string =>
    formatRangeInZone(start, end, { locale, timeZone });

  /** "Visa •••• 4242", or "Google Pay · Visa •••• 4242" when a wallet paid (docs/decisions/0284). */
  const card = ({ brand, last4, wallet }: { brand: string; last4: string; wallet?: WalletKind | null }): string =>
    withWalletName(wallet, t("ledger.card", { brand: cardBrandName(brand), last4 }));

  /** Basis points as a percentage without floats: 1600 → "16", 825 → "8.25". */
  const percent = (basisPoints: number): string => {
    const whole = Math.floor(basisPoints / 100);
    const fraction = String(basisPoints % 100)
      .padStart(2, "0")
      .replace(/0+$/, "");
    return fraction ? `${whole}.${fraction}` : String(whole);
  };

  /** A time of day (minutes from midnight) on the language's one clock. */
  const clock = (minutes: number): string => clockOfDay(minutes, locale);

  return { t, locale, money: formatMoney, duration, dateTime, dateTimeRange, time, clock, card, percent };
}
