import { PLAN_INTERVALS } from "@estaciona/contracts";
import type { EndpointBody } from "@estaciona/contracts/endpoint";
import type { updatePlan as updatePlanEndpoint } from "@estaciona/contracts/endpoints/subscriptions";
import { requiredText } from "@estaciona/contracts/schemas/common";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { type AdminPlan, DISCOUNT_KINDS, type DiscountRule } from "@estaciona/contracts/schemas/subscriptions";
import { zodResolver } from "@hookform/resolvers/zod";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type UseFormRegisterReturn, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import {
  archivePlan,
  createPlan,
  locationsQuery,
  type PlanFilters,
  plansQuery,
  refreshConsole,
  updatePlan,
} from "../api/operator.ts";
import { StatusPill } from "../components/status-pill.tsx";
import { useConsoleFormat } from "../lib/format.ts";
import { amountText, decimalText, optionalWholeNumber, readDiscount } from "../lib/sales-forms.ts";

const COST_INVALID = "operator:plans.cost_invalid";
const WHOLE_NUMBER = "operator:plans.whole_number";

/**
 * What a plan's edit form reads: name, price per period, places, students only, and (one-time
 * plans only, docs/product/calls-and-errors.md) its own discount, read against the price in the submit handler.
 */
const planFields = {
  name: requiredText(120),
  cost: amountText(COST_INVALID),
  availability: optionalWholeNumber(WHOLE_NUMBER),
  requires_student_id: z.boolean(),
  discount_kind: z.enum(["none", ...DISCOUNT_KINDS]),
  discount_value: z.string(),
};
type PlanFieldsInput = { discount_kind: "none" | DiscountRule["kind"]; discount_value: string };
const newPlanSchema = z.object({
  location_uuid: z.string().min(1, { error: "validation.required" }),
  interval: z.enum(PLAN_INTERVALS),
  ...planFields,
});
const editPlanSchema = z.object(planFields);

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
      {!plans.data ? (
        <LoadingSection />
      ) : items.length === 0 ? (
        <p className="muted">{t("plans.none")}</p>
      ) : (
        [...byLocation.values()].map((group) => (
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
        ))
      )}
      {plans.hasNextPage && (
        <button
          type="button"
          className="button button-secondary"
          disabled={plans.isFetchingNextPage}
          onClick={() => void plans.fetchNextPage()}
        >
          {t("plans.more")}
        </button>
      )}
    </Page>
  );
}

function NewPlan({ onDone }: { onDone: () => void }) {
  const { t } = useConsoleFormat();
  const locations = useQuery(locationsQuery());
  if (!locations.data) return <LoadingSection />;
  const sellable = locations.data.filter(
    (location) => location.active && (location.kind === "lot" || location.kind === "venue"),
  );
  if (sellable.length === 0) return <p className="notice">{t("plans.no_locations")}</p>;
  return <NewPlanForm locations={sellable} onDone={onDone} />;
}

function NewPlanForm({ locations, onDone }: { locations: OperatorLocation[]; onDone: () => void }) {
  const { t } = useConsoleFormat();
  const queryClient = useQueryClient();
  const blank = (location: string) => ({
    location_uuid: location,
    interval: "month" as const,
    name: "",
    cost: "",
    availability: "",
    requires_student_id: false,
    discount_kind: "none" as const,
    discount_value: "",
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<z.input<typeof newPlanSchema>, unknown, z.output<typeof newPlanSchema>>({
    resolver: zodResolver(newPlanSchema),
    defaultValues: blank(locations[0]?.uuid ?? ""),
  });
  const create = useMutation({
    mutationFn: createPlan,
    onSuccess: async (plan) => {
      notifySuccess(t("plans.created", { name: plan.name }));
      onDone();
      await refreshConsole(queryClient);
    },
  });
  const interval = useWatch({ control, name: "interval" });
  const discountKind = useWatch({ control, name: "discount_kind" });
  const submit = handleSubmit(({ discount_kind, discount_value, ...body }) => {
    // A venue sells one-time plans only (docs/product/calls-and-errors.md): said here, in the catalogue's words, before the server says it.
    const venue = locations.find((location) => location.uuid === body.location_uuid)?.kind === "venue";
    if (venue && body.interval !== "one_time") {
      setError("interval", { message: "errors:api_only_one_time_plans" }, { shouldFocus: true });
      return;
    }
    const discount = body.interval === "one_time" ? readDiscount(discount_kind, discount_value, body.cost) : null;
    if (discount && "error" in discount) setError("discount_value", { message: discount.error }, { shouldFocus: true });
    else create.mutate({ ...body, discount: discount?.rule ?? null });
  });
  return (
    <form className="form" noValidate onSubmit={submit}>
      <FormField label={t("plans.location")} error={translateMessage(errors.location_uuid?.message)}>
        {(control) => (
          <select {...control} className="input select" {...register("location_uuid")}>
            {locations.map((location) => (
              <option key={location.uuid} value={location.uuid}>
                {location.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t("plans.name")} error={translateMessage(errors.name?.message, { max: 120 })}>
        {(control) => <input {...control} className="input" autoComplete="off" {...register("name")} />}
      </FormField>
      <FormField label={t("plans.interval")} error={translateMessage(errors.interval?.message)}>
        {(control) => (
          <select {...control} className="input select" {...register("interval")}>
            {PLAN_INTERVALS.map((interval) => (
              <option key={interval} value={interval}>
                {t(`plans.interval_name.${interval}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t("plans.cost")} hint={t("plans.cost_hint")} error={translateMessage(errors.cost?.message)}>
        {(control) => <input {...control} className="input" inputMode="decimal" {...register("cost")} />}
      </FormField>
      <FormField
        label={t("plans.availability")}
        hint={t("plans.availability_hint")}
        error={translateMessage(errors.availability?.message)}
      >
        {(control) => <input {...control} className="input" inputMode="numeric" {...register("availability")} />}
      </FormField>
      <label className="console-checkbox">
        <input type="checkbox" {...register("requires_student_id")} />
        {t("plans.requires_student_id")}
      </label>
      {interval === "one_time" && (
        <PlanDiscountFields
          kind={discountKind}
          kindField={register("discount_kind")}
          valueField={register("discount_value")}
          error={errors.discount_value?.message}
        />
      )}
      <div className="dialog-actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t("plans.create")}
        </button>
      </div>
    </form>
  );
}

function PlanCard({ plan }: { plan: AdminPlan }) {
  const { t, money } = useConsoleFormat();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const archive = useMutation({
    mutationFn: () => archivePlan(plan.uuid),
    onSuccess: async () => {
      setArchiving(false);
      notifySuccess(t("plans.archived", { name: plan.name }));
      await refreshConsole(queryClient);
    },
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

function EditPlan({ plan, onDone }: { plan: AdminPlan; onDone: () => void }) {
  const { t } = useConsoleFormat();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<z.input<typeof editPlanSchema>, unknown, z.output<typeof editPlanSchema>>({
    resolver: zodResolver(editPlanSchema),
    defaultValues: {
      name: plan.name,
      cost: decimalText(plan.cost),
      availability: plan.availability === null ? "" : String(plan.availability),
      requires_student_id: plan.requires_student_id,
      discount_kind: plan.discount?.kind ?? "none",
      discount_value: !plan.discount
        ? ""
        : plan.discount.kind === "percent"
          ? String(plan.discount.value)
          : decimalText(plan.discount.value),
    },
  });
  const oneTime = plan.interval === "one_time";
  const discountKind = useWatch({ control, name: "discount_kind" });
  const save = useMutation({
    mutationFn: (body: EndpointBody<typeof updatePlanEndpoint>) => updatePlan(plan.uuid, body),
    onSuccess: async (saved) => {
      notifySuccess(t("plans.saved", { name: saved.name }));
      onDone();
      await refreshConsole(queryClient);
    },
  });
  return (
    <form
      className="form"
      noValidate
      onSubmit={handleSubmit(({ discount_kind, discount_value, ...body }) => {
        // Only a one-time plan has a discount of its own; the others are left as they are.
        if (!oneTime) return save.mutate(body);
        const discount = readDiscount(discount_kind, discount_value, body.cost);
        if (discount && "error" in discount)
          setError("discount_value", { message: discount.error }, { shouldFocus: true });
        else save.mutate({ ...body, discount: discount?.rule ?? null });
      })}
    >
      <FormField label={t("plans.name")} error={translateMessage(errors.name?.message, { max: 120 })}>
        {(control) => <input {...control} className="input" autoComplete="off" {...register("name")} />}
      </FormField>
      <FormField label={t("plans.cost")} hint={t("plans.cost_hint")} error={translateMessage(errors.cost?.message)}>
        {(control) => <input {...control} className="input" inputMode="decimal" {...register("cost")} />}
      </FormField>
      <FormField
        label={t("plans.availability")}
        hint={t("plans.availability_hint")}
        error={translateMessage(errors.availability?.message)}
      >
        {(control) => <input {...control} className="input" inputMode="numeric" {...register("availability")} />}
      </FormField>
      <label className="console-checkbox">
        <input type="checkbox" {...register("requires_student_id")} />
        {t("plans.requires_student_id")}
      </label>
      {oneTime && (
        <PlanDiscountFields
          kind={discountKind}
          kindField={register("discount_kind")}
          valueField={register("discount_value")}
          error={errors.discount_value?.message}
        />
      )}
      <div className="dialog-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t("plans.save")}
        </button>
      </div>
    </form>
  );
}

/** A one-time plan's own discount: none, a percentage or an amount (promo codes discount the others). */
function PlanDiscountFields({
  kind,
  kindField,
  valueField,
  error,
}: {
  kind: PlanFieldsInput["discount_kind"];
  kindField: UseFormRegisterReturn;
  valueField: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const { t } = useConsoleFormat();
  return (
    <>
      <FormField label={t("plans.discount")} hint={t("plans.discount_hint")}>
        {(ids) => (
          <select {...ids} className="input select" {...kindField}>
            <option value="none">{t("plans.discount_none")}</option>
            {DISCOUNT_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`promos.kind_${option}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {kind !== "none" && (
        <FormField
          label={kind === "percent" ? t("promos.value_percent") : t("promos.value_amount")}
          error={translateMessage(error)}
        >
          {(ids) => (
            <input {...ids} className="input" inputMode={kind === "percent" ? "numeric" : "decimal"} {...valueField} />
          )}
        </FormField>
      )}
    </>
  );
}
