import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Parking meter zone (/parquimetros/:uuid): arrives with the parking-meter feature. */
export default function MeterScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("meter.title")}>
      <EmptyState>{t("meter.empty")}</EmptyState>
    </Page>
  );
}
