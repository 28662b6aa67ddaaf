import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Page } from "../../../components/page.tsx";
import "../../../lib/catalogues/screens.ts";

/** Promo code landing (/promo/:code): the plans the code applies to arrive with promo codes. */
export default function PromoScreen() {
  const { t } = useTranslation("screens");
  const { code } = useParams();
  return (
    <Page title={t("promo.title")}>
      <EmptyState>{t("promo.empty", { code })}</EmptyState>
    </Page>
  );
}
