import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { getHostConfig } from "../../../lib/host-config.ts";
import { plansQuery, subscriptionsQuery } from "../api/subscriptions.ts";
import { PassList } from "../components/pass-list.tsx";
import { PlanList } from "../components/plan-list.tsx";
import { usePassFormat } from "../lib/format.ts";

/** /pensiones: my passes (status, vehicle, next charge or last day) and the plans of this host's country, by location. */
export default function SubscriptionsScreen() {
  const { t } = usePassFormat();
  const passes = useQuery(subscriptionsQuery("current"));
  const plans = useQuery(plansQuery(getHostConfig().country));
  return (
    <Page title={t("subscriptions:list.title")}>
      <section aria-labelledby="my-passes-title">
        <h2 id="my-passes-title">{t("subscriptions:list.mine")}</h2>
        {passes.isPending ? (
          <LoadingSection />
        ) : (passes.data ?? []).length === 0 ? (
          <EmptyState>{t("subscriptions:list.none")}</EmptyState>
        ) : (
          <PassList passes={passes.data ?? []} label={t("subscriptions:list.mine")} />
        )}
        <Link className="link" to={pathTo("subscriptionsHistory")}>
          {t("subscriptions:list.history_link")}
        </Link>
      </section>
      <section className="dashboard-section" aria-labelledby="plans-title">
        <h2 id="plans-title">{t("subscriptions:list.plans")}</h2>
        {plans.isPending ? (
          <LoadingSection />
        ) : (plans.data ?? []).length === 0 ? (
          <EmptyState>{t("subscriptions:list.no_plans")}</EmptyState>
        ) : (
          <PlanList plans={plans.data ?? []} />
        )}
      </section>
    </Page>
  );
}
