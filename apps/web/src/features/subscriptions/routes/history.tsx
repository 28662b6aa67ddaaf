import { useQuery } from "@tanstack/react-query";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { subscriptionPaymentsQuery, subscriptionsQuery } from "../api/subscriptions.ts";
import { PassList } from "../components/pass-list.tsx";
import { PassPayments } from "../components/pass-payments.tsx";
import { usePassFormat } from "../lib/format.ts";

/** /pensiones/historial: past and cancelled passes, and every charge of every pass. */
export default function HistoryScreen() {
  const { t } = usePassFormat();
  const past = useQuery(subscriptionsQuery("past"));
  const payments = useQuery(subscriptionPaymentsQuery());
  return (
    <Page title={t("subscriptions:history.title")}>
      <section aria-labelledby="past-passes-title">
        <h2 id="past-passes-title">{t("subscriptions:history.past")}</h2>
        {past.isPending ? (
          <LoadingSection />
        ) : (past.data ?? []).length === 0 ? (
          <EmptyState>{t("subscriptions:history.none")}</EmptyState>
        ) : (
          <PassList passes={past.data ?? []} label={t("subscriptions:history.past")} />
        )}
      </section>
      <section className="dashboard-section" aria-labelledby="pass-charges-title">
        <h2 id="pass-charges-title">{t("subscriptions:history.charges")}</h2>
        {payments.isPending ? (
          <LoadingSection />
        ) : (payments.data ?? []).length === 0 ? (
          <EmptyState>{t("subscriptions:history.no_charges")}</EmptyState>
        ) : (
          <PassPayments payments={payments.data ?? []} withPlan />
        )}
      </section>
    </Page>
  );
}
