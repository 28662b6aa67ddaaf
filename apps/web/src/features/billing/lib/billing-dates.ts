import { useTranslation } from "react-i18next";

const intlLocale = (language: string) => (language === "en" ? "en-US" : "es-MX");

/** This month on the phone's calendar (`YYYY-MM`): the server reads each payment's month on its lot's clock. */
export function currentMonth(): string {
  const today = new Date();
  return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}`;
}

/** A day in the reader's language ("12 nov 2026"). */
export function useBillingDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: "medium" }).format(new Date(iso));
}
