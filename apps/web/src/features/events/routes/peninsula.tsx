import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Named event landing (/evento/peninsula): an event series looked up by slug. */
export default function PeninsulaScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("peninsula.title")}>
      <EmptyState>{t("peninsula.empty")}</EmptyState>
    </Page>
  );
}
