import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { PlanList, usePassFormat } from "../../subscriptions/index.ts";
import { promoQuery } from "../api/promo.ts";

/**
 * /promo/{code} (signed in): what the code takes off, for how many periods and until when, and
 * the passes it applies to; choosing one carries the code into its checkout. An unknown or used
 * code answers its catalogue message (discount_not_found, discount_not_available).
 */
export default function PromoScreen() {
  const { code = "" } = useParams();
  const { t, money, day } = usePassFormat();
  const promo = useQuery(promoQuery(code));
  const data = promo.data;
  return (
    <Page title={t("subscriptions:promo.title")}>
      {!data ? (
        promo.isPending ? (
          <LoadingSection />
        ) : null
      ) : (
        <>
          <section className="card" aria-labelledby="promo-code-title">
            <h2 id="promo-code-title">{t("subscriptions:promo.headline", { code: data.code })}</h2>
            <p className="pass-ends">
              {data.kind === "percent"
                ? t("subscriptions:promo.off_percent", { value: data.value })
                : t("subscriptions:promo.off_amount", { amount: money(data.value, data.currency ?? "mxn") })}{" "}
              {data.periods === null
                ? t("subscriptions:plan.promo_always")
                : t("subscriptions:plan.promo_periods", { count: data.periods })}
            </p>
            {data.ends_on && (
              <p className="muted">{t("subscriptions:promo.valid_until", { date: day(data.ends_on) })}</p>
            )}
          </section>
          <section className="dashboard-section" aria-labelledby="promo-plans-title">
            <h2 id="promo-plans-title">{t("subscriptions:promo.plans")}</h2>
            {data.plans.length === 0 ? (
              <EmptyState>{t("subscriptions:promo.no_plans")}</EmptyState>
            ) : (
              <PlanList plans={data.plans} promoCode={data.code} />
            )}
          </section>
        </>
      )}
    </Page>
  );
}
