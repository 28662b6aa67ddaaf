import { DISCOUNT_UNAVAILABLE_REASONS, type DiscountUnavailableReason } from "@estaciona/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { paths } from "../../../config/paths.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { PlanList, usePassFormat } from "../../subscriptions/index.ts";
import { promoQuery } from "../api/promo.ts";

/**
 * /promo/{code} (signed in): what the code takes off, for how many periods and until when, and
 * the passes it applies to; choosing one carries the code into its checkout. A code that exists
 * but cannot be used says why (used, withdrawn, spent, expired, not started: docs/decisions/0251)
 * and leads to the passes for sale; an unknown one is the spec's /notfound.
 */
export default function PromoScreen() {
  const { code = "" } = useParams();
  const { t, money, day } = usePassFormat();
  const promo = useQuery(promoQuery(code));
  const data = promo.data;
  const refused = promo.error instanceof ApiError && promo.error.code === "discount_not_available" ? promo.error : null;
  return (
    <Page title={t("subscriptions:promo.title")}>
      {refused ? (
        <Unavailable code={code.toUpperCase()} refusal={refused} />
      ) : !data ? (
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

const isReason = (value: string | null): value is DiscountUnavailableReason =>
  (DISCOUNT_UNAVAILABLE_REASONS as readonly (string | null)[]).includes(value);

/** Why the code cannot be used, in the driver's language, and the way on: the passes for sale. */
function Unavailable({ code, refusal }: { code: string; refusal: ApiError }) {
  const { t } = useTranslation(["subscriptions", "errors"]);
  const why = isReason(refusal.reason)
    ? t(`errors:discount_reason_${refusal.reason}`)
    : errorMessage(refusal.code, refusal.description);
  return (
    <section className="card" aria-labelledby="promo-unavailable-title">
      <h2 id="promo-unavailable-title">{t("subscriptions:promo.unavailable_title", { code })}</h2>
      <p className="notice notice-warning" role="alert">
        {why}
      </p>
      <Link className="button button-primary button-block" to={paths.subscriptions.path}>
        {t("subscriptions:promo.see_plans")}
      </Link>
    </section>
  );
}
