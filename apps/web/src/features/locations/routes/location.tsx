import { useTranslation } from "react-i18next";
import { EmptyState, Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Location QR landing (/loc/:uuid, public): arrives with the parking feature. */
export default function LocationScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("location.title")}>
      <EmptyState>{t("location.empty")}</EmptyState>
    </Page>
  );
}
