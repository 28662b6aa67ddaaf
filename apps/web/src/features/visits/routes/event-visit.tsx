import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Event visit detail (/visita/evento/:uuid): arrives with the events feature. */
export default function EventVisitScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("event_visit.title")}>
      <EmptyState>{t("event_visit.empty")}</EmptyState>
    </Page>
  );
}
