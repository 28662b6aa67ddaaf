import { useTranslation } from "react-i18next";
import { EmptyState, Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Payment methods (/pagos): the card list and forms arrive with the payments feature. */
export default function PaymentsScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("payments.title")}>
      <EmptyState>{t("payments.empty")}</EmptyState>
    </Page>
  );
}
