import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Billing (/facturacion): billing data and invoices arrive with the invoicing feature. */
export default function BillingScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("billing.title")}>
      <EmptyState>{t("billing.empty")}</EmptyState>
    </Page>
  );
}
