import { useTranslation } from "react-i18next";
import { EmptyState, Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** NetPay payment methods (/pagos-netpay): arrive with the payments feature. */
export default function PaymentsNetpayScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("payments_netpay.title")}>
      <EmptyState>{t("payments_netpay.empty")}</EmptyState>
    </Page>
  );
}
