import { useTranslation } from "react-i18next";
import { EmptyState, Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Visits (/visitas): kept alive by the shell when the driver navigates away. */
export default function VisitsScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("visits.title")}>
      <EmptyState>{t("visits.empty")}</EmptyState>
    </Page>
  );
}
