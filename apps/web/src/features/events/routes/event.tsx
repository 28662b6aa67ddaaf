import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Event page (/eventos/:uuid): arrives with the events feature. */
export default function EventScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("events.title")}>
      <EmptyState>{t("events.empty")}</EmptyState>
    </Page>
  );
}
