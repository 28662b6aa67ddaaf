import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Pass history (/pensiones/historial): arrives with the subscriptions feature. */
export default function HistoryScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("subscriptions_history.title")}>
      <EmptyState>{t("subscriptions_history.empty")}</EmptyState>
    </Page>
  );
}
