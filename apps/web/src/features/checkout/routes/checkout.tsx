import { useTranslation } from "react-i18next";
import { EmptyState, Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Checkout (/checkout/:uuid): pays a given visit; arrives with the visits feature. */
export default function CheckoutScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("checkout.title")}>
      <EmptyState>{t("checkout.empty")}</EmptyState>
    </Page>
  );
}
