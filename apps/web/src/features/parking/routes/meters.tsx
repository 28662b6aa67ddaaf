import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Parking meters (/parquimetros): the zone map arrives with the parking-meter feature. */
export default function MetersScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("meters.title")}>
      <EmptyState>{t("meters.empty")}</EmptyState>
    </Page>
  );
}
