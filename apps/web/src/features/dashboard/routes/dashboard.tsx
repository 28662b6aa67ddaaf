import { useTranslation } from "react-i18next";
import { EmptyState, Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Home (/dashboard): active and recent visits arrive with the visits feature. */
export default function DashboardScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("dashboard.title")}>
      <EmptyState>{t("dashboard.empty")}</EmptyState>
    </Page>
  );
}
