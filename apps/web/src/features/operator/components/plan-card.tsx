import type { AdminPlan } from "@estaciona/contracts/schemas/subscriptions";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { pathTo } from "../../../config/paths.ts";
import { archivePlan, salesLists } from "../api/sales.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { EditPlan } from "./plan-forms.tsx";
import { StatusPill } from "./status-pill.tsx";

/** One plan in the list: price, places sold and left, its own discount, and its edit and archive actions. */
export function PlanCard({ plan }: { plan: AdminPlan }) {
  const { t, money } = useConsoleFormat();
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const archive = useConsoleMutation({
    mutationFn: () => archivePlan(plan.uuid),
    invalidates: [salesLists.plans],
    onSuccess: () => setArchiving(false),
    success: () => t("plans.archived", { name: plan.name }),
  });
  const active = plan.status === "active";
  return (
    <li className="card" data-testid="plan-card">
      <div className="console-row-actions">
        <strong>{plan.name}</strong>
        <StatusPill
          status={active ? "active" : "archived"}
          label={active ? t("plans.status_active") : t("plans.archived_label")}
        />
      </div>
      <span>
        {t(`plans.interval_name.${plan.interval}`)} ·{" "}
        {t("plans.price", {
          cost: money(plan.cost, plan.currency),
          total: money(plan.period_price.total, plan.currency),
        })}
      </span>
      <span className="muted">
        {plan.availability === null
          ? t("plans.sold_unlimited", { taken: plan.places_taken })
          : t("plans.sold", { taken: plan.places_taken, places: plan.availability, left: plan.places_left ?? 0 })}
      </span>
      {plan.availability !== null && (
        <meter
          className="occupancy"
          min={0}
          max={plan.availability}
          value={plan.places_taken}
          aria-label={t("plans.sold", {
            taken: plan.places_taken,
            places: plan.availability,
            left: plan.places_left ?? 0,
          })}
        />
      )}
      {plan.discount && (
        <span>
          {t("plans.own_discount", {
            off:
              plan.discount.kind === "percent"
                ? t("promos.off_percent", { value: plan.discount.value })
                : t("promos.off_amount", { amount: money(plan.discount.value, plan.currency) }),
          })}
        </span>
      )}
      {plan.requires_student_id && <span className="muted">{t("plans.students")}</span>}
      {active && (
        <div className="console-row-actions">
          <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
            {t("plans.edit")}
          </button>
          <button type="button" className="button button-ghost-danger" onClick={() => setArchiving(true)}>
            {t("plans.archive")}
          </button>
          <Link className="button button-secondary" to={pathTo("subscription", { uuid: plan.uuid })}>
            {t("plans.driver_page")}
            <span className="visually-hidden">: {plan.name}</span>
          </Link>
        </div>
      )}
      <FormDialog
        open={editing}
        title={t("plans.edit_title", { name: plan.name })}
        description={t("plans.price_note")}
        onClose={() => setEditing(false)}
      >
        {editing && <EditPlan plan={plan} onDone={() => setEditing(false)} />}
      </FormDialog>
      <ConfirmDialog
        open={archiving}
        title={t("plans.archive_title", { name: plan.name })}
        message={t("plans.archive_message", { count: plan.places_taken })}
        confirmLabel={t("plans.archive")}
        busy={archive.isPending}
        onConfirm={() => archive.mutate()}
        onClose={() => setArchiving(false)}
      />
    </li>
  );
}
