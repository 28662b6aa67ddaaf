import { useTranslation } from "react-i18next";
import { EmptyState, Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Visit detail (/visita/:uuid): arrives with the visits feature. */
export default function VisitScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("visit.title")}>
      <EmptyState>{t("visit.empty")}</EmptyState>
    </Page>
  );
}
