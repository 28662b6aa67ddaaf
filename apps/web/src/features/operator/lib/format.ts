import { useTranslation } from "react-i18next";
import { useParkingFormat } from "../../../components/parking/format.ts";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The console's formatters: the parking screens' (money through the contracts' `formatMoney`,
 * durations, percentages) plus instants on the operator's own clock, and the words for a
 * payment's product and status.
 */
export function useConsoleFormat() {
  const parking = useParkingFormat();
  const { t } = useTranslation("operator");
  return {
    ...parking,
    t,
    when: (iso: string | null) => parking.dateTime(iso, browserZone()),
    product: (product: string) => t(`product.${product}` as "product.visit", { defaultValue: product }),
    paymentStatus: (status: string) =>
      t(`payment_status.${status}` as "payment_status.pending", { defaultValue: status }),
  };
}
