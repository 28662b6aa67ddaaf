import type { PayableType } from "@estaciona/contracts";
import { type PaymentRail, paymentMethodText } from "@estaciona/contracts/payment-rails";
import { formatPhoneNumber } from "@estaciona/contracts/phones";
import type { PaymentSummary } from "@estaciona/contracts/schemas/operator";
import { useTranslation } from "react-i18next";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { cardBrandName } from "../../../lib/card-brand.ts";
import { calendarDay } from "./revenue-days.ts";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The console's formatters: the parking screens' (money through the contracts' `formatMoney`,
 * durations, percentages) plus instants on the operator's own clock, phones as people write them
 * (never the stored E.164), calendar days, and the words for a payment's product and status.
 */
export function useConsoleFormat() {
  const parking = useParkingFormat();
  const { t } = useTranslation("operator");
  return {
    ...parking,
    t,
    when: (iso: string | null) => parking.dateTime(iso, browserZone()),
    /** A driver's phone as people write it; a deleted account's has none and reads "deleted driver". */
    phone: (phone: string | null) => (phone === null ? t("payments.deleted_driver") : formatPhoneNumber(phone)),
    day: (day: string, withWeekday: boolean) => calendarDay(day, parking.locale, withWeekday),
    /** A payment's kind as the console names it: the one registry of words (`parking.payable`, docs/decisions/0145). */
    product: (product: PayableType) => parking.t(`payable.${product}.console`),
    /** What paid, in words (docs/decisions/0323): "Google Pay · Visa •••• 4242", "Efectivo OXXO", "Saldo". */
    paymentMethod: (payment: Pick<PaymentSummary, "rail" | "card">) =>
      paymentMethodText(payment, {
        card: ({ brand, last4 }) => t("payments.card", { brand: cardBrandName(brand), last4 }),
        named: (rail) => t(`payments.rail.${rail}`),
      }),
    rail: (rail: PaymentRail) => t(`payments.rail.${rail}`),
    /** A reference's charge waits for cash or a transfer, not for 3-D Secure (docs/decisions/0323). */
    paymentStatus: (status: string, rail?: PaymentRail) =>
      status === "requires_action" && (rail === "oxxo" || rail === "spei")
        ? t("payment_status.awaiting_reference")
        : t(`payment_status.${status}` as "payment_status.pending", { defaultValue: status }),
  };
}
