import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Partner landing (/aisd, public): a host-configurable page that leads to a location's passes. */
export default function AisdScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("aisd.title")}>
      <EmptyState>{t("aisd.empty")}</EmptyState>
    </Page>
  );
}
