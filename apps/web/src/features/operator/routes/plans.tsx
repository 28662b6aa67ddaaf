import type { AdminPlan } from "@estaciona/contracts/schemas/subscriptions";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { Page } from "../../../components/page.tsx";
import { locationsQuery } from "../api/operator.ts";
import { type PlanFilters, plansQuery } from "../api/sales.ts";
import { ConsoleList } from "../components/console-list.tsx";
import { PlanCard } from "../components/plan-card.tsx";
import { NewPlan } from "../components/plan-forms.tsx";
import { useConsoleFormat } from "../lib/format.ts";

/**
 * /operador/pensiones: the organisation's plans by location with places sold and left; create one,
 * edit it (a new price applies to the next periods), archive it (passes sold keep renewing).
 */
export default function PlansScreen() {
  const { t } = useConsoleFormat();
  const [creating, setCreating] = useState(false);
  const [filters, setFilters] = useState<PlanFilters>({ status: "active" });
  const locations = useQuery(locationsQuery());
  const plans = useInfiniteQuery(plansQuery(filters));
  const items = plans.data?.pages.flatMap((page) => page.items) ?? [];
  const byLocation = new Map<string, AdminPlan[]>();
  for (const plan of items) byLocation.set(plan.location.uuid, [...(byLocation.get(plan.location.uuid) ?? []), plan]);
  return (
    <Page
      title={t("plans.title")}
      actions={
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          {t("plans.new_title")}
        </button>
      }
    >
      <FormDialog open={creating} title={t("plans.new_title")} onClose={() => setCreating(false)}>
        {creating && <NewPlan onDone={() => setCreating(false)} />}
      </FormDialog>
      <section className="card" aria-label={t("plans.filters")}>
        <div className="console-filters console-filters-wide">
          <FormField label={t("plans.location")}>
            {(control) => (
              <select
                {...control}
                className="input select"
                value={filters.location_uuid ?? ""}
                onChange={(event) => setFilters({ ...filters, location_uuid: event.target.value || undefined })}
              >
                <option value="">{t("plans.all_locations")}</option>
                {locations.data?.map((location) => (
                  <option key={location.uuid} value={location.uuid}>
                    {location.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t("plans.status")}>
            {(control) => (
              <select
                {...control}
                className="input select"
                value={filters.status ?? ""}
                onChange={(event) =>
                  setFilters({ ...filters, status: (event.target.value || undefined) as PlanFilters["status"] })
                }
              >
                <option value="active">{t("plans.status_active")}</option>
                <option value="archived">{t("plans.status_archived")}</option>
                <option value="">{t("plans.status_any")}</option>
              </select>
            )}
          </FormField>
        </div>
      </section>
      <ConsoleList list={plans} count={items.length} empty={t("plans.none")} framed={false}>
        {[...byLocation.values()].map((group) => (
          <section
            key={group[0]?.location.uuid}
            className="console-plans"
            aria-labelledby={`plans-${group[0]?.location.uuid}`}
          >
            <h2 id={`plans-${group[0]?.location.uuid}`} className="section-title">
              {t("plans.plans_at", { location: group[0]?.location.name })}
            </h2>
            <ul className="console-grid card-list">
              {group.map((plan) => (
                <PlanCard key={plan.uuid} plan={plan} />
              ))}
            </ul>
          </section>
        ))}
      </ConsoleList>
    </Page>
  );
}
