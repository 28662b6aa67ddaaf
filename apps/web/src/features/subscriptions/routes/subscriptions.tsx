import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Passes (/pensiones): plans and passes arrive with the subscriptions feature. */
export default function SubscriptionsScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("subscriptions.title")}>
      <EmptyState>{t("subscriptions.empty")}</EmptyState>
    </Page>
  );
}
