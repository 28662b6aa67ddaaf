import type { SubscriptionSummary } from "@estaciona/contracts/schemas/subscriptions";
import { Link } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { usePassFormat } from "../lib/format.ts";
import { PassStatusBadge } from "./pass-status.tsx";

/**
 * What comes next for a pass: its next charge (or, for a pass paid by reference, its next period and
 * how it is asked for: no card is charged, decision 0333), its last day, or its first day.
 */
export function PassOutlook({ pass }: { pass: SubscriptionSummary }) {
  const { t, money, day } = usePassFormat();
  if (pass.status === "trial") return <>{t("subscriptions:list.starts_on", { date: day(pass.start_date) })}</>;
  if (pass.next_charge) {
    const next = { date: day(pass.next_charge.date), amount: money(pass.next_charge.total, pass.currency) };
    const rail = pass.renews_by;
    return (
      <>
        {rail === "oxxo" || rail === "spei"
          ? t(`subscriptions:list.next_reference_${rail}`, next)
          : t("subscriptions:list.next_charge", next)}
      </>
    );
  }
  if (pass.ends_on) return <>{t("subscriptions:list.ends_on", { date: day(pass.ends_on) })}</>;
  return null;
}

/** The driver's passes: plan, location, plate, status and what comes next. */
export function PassList({ passes, label }: { passes: SubscriptionSummary[]; label: string }) {
  return (
    <ul className="visit-list" aria-label={label}>
      {passes.map((pass) => (
        <li key={pass.uuid} className="visit-row">
          <Link className="visit-row-link" to={pathTo("subscription", { uuid: pass.uuid })}>
            <span className="visit-row-main">
              <span className="visit-row-location">{pass.plan.name}</span>
              <span className="muted">{pass.location.name}</span>
              <span className="muted">
                <span className="plate-badge plate-badge-small">{pass.vehicle.plate}</span> <PassOutlook pass={pass} />
              </span>
            </span>
            <span className="visit-row-side">
              <PassStatusBadge status={pass.status} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
