import { PLAN_INTERVALS } from "@estaciona/contracts";
import type { EndpointBody } from "@estaciona/contracts/endpoint";
import type { createPlan as createPlanEndpoint } from "@estaciona/contracts/endpoints/subscriptions";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { type AdminPlan, DISCOUNT_KINDS } from "@estaciona/contracts/schemas/subscriptions";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import type { z } from "zod";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { locationsQuery } from "../api/operator.ts";
import { createPlan, salesLists, updatePlan } from "../api/sales.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { editPlanSchema, newPlanForm, newPlanSchema, planForm } from "../lib/plan-form.ts";
import { ConsoleForm, Field, useConsoleForm } from "./console-form.tsx";

type PlanInput = z.input<ReturnType<typeof newPlanSchema>>;

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
  const [schema] = useState(() => newPlanSchema(locations));
  const form = useConsoleForm(schema, newPlanForm(locations[0]?.uuid ?? ""));
  const create = useConsoleMutation({
    mutationFn: (body: EndpointBody<typeof createPlanEndpoint>) => createPlan(body),
    invalidates: [salesLists.plans],
    onSuccess: onDone,
    success: (plan) => t("plans.created", { name: plan.name }),
  });
  const interval = useWatch({ control: form.control, name: "interval" });
  return (
    <ConsoleForm form={form} mutation={create} submitLabel={t("plans.create")} className="form">
      <Field<PlanInput> name="location_uuid" label={t("plans.location")}>
        {(control) => (
          <select {...control} className="input select">
            {locations.map((location) => (
              <option key={location.uuid} value={location.uuid}>
                {location.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field<PlanInput>
        name="name"
        label={t("plans.name")}
        errorParams={{ max: 120 }}
        input={{ autoComplete: "off" }}
      />
      <Field<PlanInput> name="interval" label={t("plans.interval")}>
        {(control) => (
          <select {...control} className="input select">
            {PLAN_INTERVALS.map((option) => (
              <option key={option} value={option}>
                {t(`plans.interval_name.${option}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <PlanFields oneTime={interval === "one_time"} />
    </ConsoleForm>
  );
}

export function EditPlan({ plan, onDone }: { plan: AdminPlan; onDone: () => void }) {
  const { t } = useConsoleFormat();
  const oneTime = plan.interval === "one_time";
  const [schema] = useState(() => editPlanSchema(oneTime));
  const form = useConsoleForm(schema, planForm(plan));
  const save = useConsoleMutation({
    mutationFn: (body: z.output<typeof schema>) => updatePlan(plan.uuid, body),
    invalidates: [salesLists.plans],
    onSuccess: onDone,
    success: (saved) => t("plans.saved", { name: saved.name }),
  });
  return (
    <ConsoleForm form={form} mutation={save} submitLabel={t("plans.save")} className="form">
      <Field<PlanInput>
        name="name"
        label={t("plans.name")}
        errorParams={{ max: 120 }}
        input={{ autoComplete: "off" }}
      />
      <PlanFields oneTime={oneTime} />
    </ConsoleForm>
  );
}

/** The price, places and students-only of both forms, and a one-time plan's own discount (promo codes discount the others). */
function PlanFields({ oneTime }: { oneTime: boolean }) {
  const { t } = useConsoleFormat();
  const { register } = useFormContext<PlanInput>();
  const kind = useWatch<PlanInput, "discount_kind">({ name: "discount_kind" });
  return (
    <>
      <Field<PlanInput>
        name="cost"
        label={t("plans.cost")}
        hint={t("plans.cost_hint")}
        input={{ inputMode: "decimal" }}
      />
      <Field<PlanInput>
        name="availability"
        label={t("plans.availability")}
        hint={t("plans.availability_hint")}
        input={{ inputMode: "numeric" }}
      />
      <label className="console-checkbox">
        <input type="checkbox" {...register("requires_student_id")} />
        {t("plans.requires_student_id")}
      </label>
      {oneTime && (
        <>
          <Field<PlanInput> name="discount_kind" label={t("plans.discount")} hint={t("plans.discount_hint")}>
            {(control) => (
              <select {...control} className="input select">
                <option value="none">{t("plans.discount_none")}</option>
                {DISCOUNT_KINDS.map((option) => (
                  <option key={option} value={option}>
                    {t(`promos.kind_${option}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {kind !== "none" && (
            <Field<PlanInput>
              name="discount_value"
              label={kind === "percent" ? t("promos.value_percent") : t("promos.value_amount")}
              input={{ inputMode: kind === "percent" ? "numeric" : "decimal" }}
            />
          )}
        </>
      )}
    </>
  );
}
