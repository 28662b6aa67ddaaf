import type { Plan } from "@estaciona/contracts/schemas/subscriptions";
import { Link } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { usePassFormat } from "../lib/format.ts";
import { PLAN_LINK_STATE } from "../lib/plan-link.ts";

/**
 * Plans by location, each with its all-in price per period, places left and whether it is for
 * students; a plan leads to its checkout (/pensiones/{uuid}), carrying a promo code when given.
 */
export function PlanList({ plans, promoCode }: { plans: Plan[]; promoCode?: string }) {
  const { t, money } = usePassFormat();
  const byLocation = new Map<string, Plan[]>();
  for (const plan of plans) byLocation.set(plan.location.uuid, [...(byLocation.get(plan.location.uuid) ?? []), plan]);
  return (
    <div className="plan-locations">
      {[...byLocation.values()].map((group) => {
        const location = (group[0] as Plan).location;
        const headingId = `plans-${location.uuid}`;
        return (
          <section key={location.uuid} className="plan-location" aria-labelledby={headingId}>
            <h3 id={headingId} className="plan-location-name">
              {location.name}
            </h3>
            <p className="muted">{location.address}</p>
            <ul className="plan-list">
              {group.map((plan) => (
                <li key={plan.uuid} className="plan-row">
                  <Link
                    className="plan-row-link"
                    to={pathTo("subscription", { uuid: plan.uuid }, promoCode ? { promo: promoCode } : undefined)}
                    state={PLAN_LINK_STATE}
                  >
                    <span className="plan-row-main">
                      <span className="plan-row-name">{plan.name}</span>
                      <span className="muted">
                        {t(`subscriptions:interval_name.${plan.interval}`)}
                        {plan.requires_student_id && (
                          <>
                            {" "}
                            <span className="plan-tag">{t("subscriptions:list.student")}</span>
                          </>
                        )}
                      </span>
                    </span>
                    <span className="plan-row-side">
                      <span className="plan-row-price">
                        {money(plan.period_price.total, plan.currency)}{" "}
                        <span className="muted">{t(`subscriptions:interval.${plan.interval}`)}</span>
                      </span>
                      {plan.places_left !== null && (
                        <span className="muted">
                          {plan.places_left === 0
                            ? t("subscriptions:list.sold_out")
                            : t("subscriptions:list.places_left", { count: plan.places_left })}
                        </span>
                      )}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
