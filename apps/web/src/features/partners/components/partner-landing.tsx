import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { PlanList, usePassFormat } from "../../subscriptions/index.ts";
import { partnerPageQuery } from "../api/partners.ts";

/**
 * A partner landing (/aisd public, /vaughn signed in): the host's title and text in the driver's
 * language and the passes of its lots; a pass leads into checkout, through sign-in when needed
 * (the route guard keeps the way back).
 */
export function PartnerLanding({ slug }: { slug: string }) {
  const { t } = usePassFormat();
  const { i18n } = useTranslation();
  const page = useQuery(partnerPageQuery(slug));
  const language = i18n.language === "en" ? "en" : "es";
  const data = page.data;
  return (
    <Page title={data ? data.title[language] : t("subscriptions:partner.plans")}>
      {!data ? (
        <LoadingSection />
      ) : (
        <>
          <p>{data.text[language]}</p>
          <section className="dashboard-section" aria-labelledby="partner-plans-title">
            <h2 id="partner-plans-title">{t("subscriptions:partner.plans")}</h2>
            {data.plans.length === 0 ? (
              <EmptyState>{t("subscriptions:list.no_plans")}</EmptyState>
            ) : (
              <PlanList plans={data.plans} />
            )}
          </section>
        </>
      )}
    </Page>
  );
}
