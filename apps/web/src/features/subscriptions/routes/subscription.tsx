import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useParams, useSearchParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { paths } from "../../../config/paths.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { navigateTo } from "../../../lib/navigation.ts";
import { planQuery, subscriptionOrNotQuery } from "../api/subscriptions.ts";
import { PassDetail } from "../components/pass-detail.tsx";
import { PlanCheckout } from "../components/plan-checkout.tsx";
import { usePassFormat } from "../lib/format.ts";
import { isPlanLink } from "../lib/plan-link.ts";

/**
 * /pensiones/{uuid} (docs/product/screens-and-routes.md): one of my passes, or a plan to buy (its checkout, with a promo
 * code carried in `?promo=`). The uuid is looked up as a pass first; not one of mine, it is a plan — unless the
 * link came from a plan list, which says so in its navigation state.
 */
export default function SubscriptionScreen() {
  const { uuid = "" } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const { t } = usePassFormat();
  // A link from a plan list says it is a plan: no pass lookup that can only answer 404.
  const linkedAsPlan = isPlanLink(location.state);
  const pass = useQuery({ ...subscriptionOrNotQuery(uuid), enabled: !linkedAsPlan });
  const isPlan = linkedAsPlan || (pass.error instanceof ApiError && pass.error.status === 404);
  const plan = useQuery({ ...planQuery(uuid), enabled: isPlan });
  useEffect(() => {
    if (pass.error && !isPlan) navigateTo(paths.notFound.path);
  }, [pass.error, isPlan]);

  if (pass.data)
    return (
      <Page title={t("subscriptions:detail.title")}>
        <PassDetail pass={pass.data} justBought={Boolean((location.state as { bought?: boolean } | null)?.bought)} />
      </Page>
    );
  return (
    <Page title={t("subscriptions:plan.title")}>
      {plan.data ? <PlanCheckout plan={plan.data} initialCode={search.get("promo") ?? ""} /> : <LoadingSection />}
    </Page>
  );
}
