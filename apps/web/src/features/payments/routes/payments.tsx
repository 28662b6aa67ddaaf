import { useTranslation } from "react-i18next";
import { PaymentMethodsScreen } from "../components/payment-methods-screen.tsx";
import { usePaymentLocale } from "../lib/payment-locale.ts";
import "../catalogue.ts";

/** /pagos and /payments: the saved cards; "add card" opens the form of the host's payment locale. */
export default function PaymentsScreen() {
  const { t } = useTranslation("payments");
  const locale = usePaymentLocale();
  return <PaymentMethodsScreen gateway={locale} title={t("title")} />;
}
