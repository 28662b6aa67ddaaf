import { useTranslation } from "react-i18next";

const intlLocale = (language: string) => (language === "en" ? "en-US" : "es-MX");

/** This month on the phone's calendar (`YYYY-MM`): the server reads each payment's month on its lot's clock. */
export function currentMonth(): string {
  const today = new Date();
  return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}`;
}

/** How far back a month's invoice may be asked for: no location keeps its window open longer than a year. */
const MONTHS_BACK = 12;

/**
 * This month and the twelve before (`YYYY-MM`), each named in the reader's language ("noviembre de
 * 2026"): `<input type="month">` names them in the browser's locale (docs/decisions/0303).
 */
export function useRecentMonths(): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  const name = new Intl.DateTimeFormat(intlLocale(i18n.language), { month: "long", year: "numeric" });
  const today = new Date();
  return Array.from({ length: MONTHS_BACK + 1 }, (_, back) => {
    const start = new Date(today.getFullYear(), today.getMonth() - back, 1);
    const label = name.format(start);
    return {
      value: `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, "0")}`,
      label: label.charAt(0).toLocaleUpperCase() + label.slice(1),
    };
  });
}

/** A day in the reader's language ("12 nov 2026"). */
export function useBillingDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: "medium" }).format(new Date(iso));
}
