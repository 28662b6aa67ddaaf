import { useTranslation } from "react-i18next";
import { EmptyState, Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** 3-D Secure return page (/3ds): the challenge result arrives with the payments feature. */
export default function ThreeDsScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("three_ds.title")}>
      <EmptyState>{t("three_ds.empty")}</EmptyState>
    </Page>
  );
}
