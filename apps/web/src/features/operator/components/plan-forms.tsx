import { PLAN_INTERVALS } from "@estaciona/contracts";
import type { EndpointBody } from "@estaciona/contracts/endpoint";
import type { updatePlan as updatePlanEndpoint } from "@estaciona/contracts/endpoints/subscriptions";
import { requiredText } from "@estaciona/contracts/schemas/common";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { type AdminPlan, DISCOUNT_KINDS, type DiscountRule } from "@estaciona/contracts/schemas/subscriptions";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { type UseFormRegisterReturn, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { locationsQuery } from "../api/operator.ts";
import { createPlan, salesLists, updatePlan } from "../api/sales.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
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
export function NewPlan({ onDone }: { onDone: () => void }) {
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
  const create = useConsoleMutation({
    mutationFn: createPlan,
    invalidates: [salesLists.plans],
    onSuccess: onDone,
    success: (plan) => t("plans.created", { name: plan.name }),
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

export function EditPlan({ plan, onDone }: { plan: AdminPlan; onDone: () => void }) {
  const { t } = useConsoleFormat();
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
  const save = useConsoleMutation({
    mutationFn: (body: EndpointBody<typeof updatePlanEndpoint>) => updatePlan(plan.uuid, body),
    invalidates: [salesLists.plans],
    onSuccess: onDone,
    success: (saved) => t("plans.saved", { name: saved.name }),
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
