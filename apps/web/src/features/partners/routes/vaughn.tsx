import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Partner landing (/vaughn): a host-configurable page that leads to a location's parking. */
export default function VaughnScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("vaughn.title")}>
      <EmptyState>{t("vaughn.empty")}</EmptyState>
    </Page>
  );
}
