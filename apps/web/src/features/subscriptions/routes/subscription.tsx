import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Pass detail (/pensiones/:uuid): arrives with the subscriptions feature. */
export default function SubscriptionScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("subscription.title")}>
      <EmptyState>{t("subscription.empty")}</EmptyState>
    </Page>
  );
}
