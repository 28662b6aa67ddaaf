import { useTranslation } from "react-i18next";
import { useParkingFormat } from "../../../components/parking/format.ts";
import "../../../lib/catalogues/subscriptions.ts";
import "../styles/subscriptions.css";

/**
 * The pass screens' words and formatters: the parking ones (money, instants on the lot's clock,
 * cards) and calendar days. A pass covers whole days on the lot's calendar, so a day is written
 * from its `YYYY-MM-DD` as is, never moved by the phone's zone.
 */
export function usePassFormat() {
  const { money, dateTime, card } = useParkingFormat();
  const { t, i18n } = useTranslation(["subscriptions", "parking", "common"]);
  const day = (date: string): string =>
    new Intl.DateTimeFormat(i18n.language === "en" ? "en-US" : "es-MX", {
      dateStyle: "long",
      timeZone: "UTC",
    }).format(new Date(`${date}T12:00:00Z`));
  return { t, money, dateTime, card, day };
}
