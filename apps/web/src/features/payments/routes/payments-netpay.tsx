import { useTranslation } from "react-i18next";
import { PaymentMethodsScreen } from "../components/payment-methods-screen.tsx";
import "../catalogue.ts";

/** /pagos-netpay: the Mexican cards, adding through NetPay, Mexico's alternative gateway. */
export default function PaymentsNetpayScreen() {
  const { t } = useTranslation("payments");
  return <PaymentMethodsScreen gateway="netpay" title={t("netpay_title")} />;
}
