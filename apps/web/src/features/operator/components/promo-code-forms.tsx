import { CURRENCIES } from "@estaciona/contracts/schemas/parking";
import { type AdminDiscount, type AdminPlan, DISCOUNT_KINDS } from "@estaciona/contracts/schemas/subscriptions";
import { useQuery } from "@tanstack/react-query";
import { FormProvider } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { profileQuery } from "../api/operator.ts";
import { activePlansQuery, createDiscount, salesLists, updateDiscount } from "../api/sales.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { changeCodeSchema, newCodeSchema, TOO_MUCH } from "../lib/sales-forms.ts";
import { ConsoleForm, DayField, Field, useConsoleForm } from "./console-form.tsx";

type NewCodeForm = z.input<typeof newCodeSchema>;
export function NewCode({ onDone }: { onDone: () => void }) {
  const { t } = useConsoleFormat();
  const profile = useQuery(profileQuery());
  const plans = useQuery(activePlansQuery());
  if (!plans.data || !profile.data) return <LoadingSection />;
  if (plans.data.items.length === 0) return <p className="notice">{t("promos.no_plans")}</p>;
  // A code for every plan is the whole organisation's (docs/decisions/0165): not a staff member's limited to some lots.
  const everyPlan = profile.data.location_uuids === null ? profile.data.organisation.name : null;
  return <NewCodeForm plans={plans.data.items} everyPlan={everyPlan} onDone={onDone} />;
}

function NewCodeForm({
  plans,
  everyPlan,
  onDone,
}: {
  plans: AdminPlan[];
  /** The organisation whose every plan a code may discount; null for a staff member limited to some lots. */
  everyPlan: string | null;
  onDone: () => void;
}) {
  const { t, money } = useConsoleFormat();
  const blank: NewCodeForm = {
    code: "",
    kind: "percent",
    value: "",
    plan_uuid: plans[0]?.uuid ?? "",
    currency: plans[0]?.currency ?? "mxn",
    periods: "",
    starts_on: "",
    ends_on: "",
    max_redemptions: "",
  };
  const form = useConsoleForm(newCodeSchema, blank);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = form;
  const create = useConsoleMutation({
    mutationFn: createDiscount,
    invalidates: [salesLists.discounts],
    onSuccess: onDone,
    success: (code) => t("promos.created", { code: code.code }),
  });
  const kind = watch("kind");
  const planUuid = watch("plan_uuid");
  const submit = handleSubmit((form) => {
    const plan = plans.find((candidate) => candidate.uuid === form.plan_uuid);
    // An amount never takes more than the plan costs (docs/product/calls-and-errors.md), in the plan's currency.
    if (form.kind === "amount" && plan && form.value > plan.cost) {
      setError("value", { message: TOO_MUCH }, { shouldFocus: true });
      return;
    }
    create.mutate({
      code: form.code,
      kind: form.kind,
      value: form.value,
      currency: form.kind === "amount" ? (plan?.currency ?? form.currency) : null,
      plan_uuid: plan?.uuid ?? null,
      periods: form.periods,
      starts_on: form.starts_on,
      ends_on: form.ends_on,
      max_redemptions: form.max_redemptions,
    });
  });
  return (
    <FormProvider {...form}>
      <form className="form" noValidate onSubmit={submit}>
        <FormField
          label={t("promos.code")}
          hint={t("promos.code_hint")}
          error={translateMessage(errors.code?.message, { max: 40 })}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              {...register("code")}
            />
          )}
        </FormField>
        <FormField label={t("promos.plan")}>
          {(control) => (
            <select {...control} className="input select" {...register("plan_uuid")}>
              {plans.map((plan) => (
                <option key={plan.uuid} value={plan.uuid}>
                  {t("promos.on_plan", { plan: plan.name, location: plan.location.name })} ·{" "}
                  {money(plan.cost, plan.currency)}
                </option>
              ))}
              {everyPlan && <option value="">{t("promos.every_plan", { organisation: everyPlan })}</option>}
            </select>
          )}
        </FormField>
        <FormField label={t("promos.kind")}>
          {(control) => (
            <select {...control} className="input select" {...register("kind")}>
              {DISCOUNT_KINDS.map((option) => (
                <option key={option} value={option}>
                  {t(`promos.kind_${option}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={kind === "percent" ? t("promos.value_percent") : t("promos.value_amount")}
          error={translateMessage(errors.value?.message)}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode={kind === "percent" ? "numeric" : "decimal"}
              {...register("value")}
            />
          )}
        </FormField>
        {kind === "amount" && planUuid === "" && (
          <FormField label={t("promos.currency")}>
            {(control) => (
              <select {...control} className="input select" {...register("currency")}>
                {CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency.toUpperCase()}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <FormField
          label={t("promos.periods")}
          hint={t("promos.periods_hint")}
          error={translateMessage(errors.periods?.message)}
        >
          {(control) => <input {...control} className="input" inputMode="numeric" {...register("periods")} />}
        </FormField>
        <LimitFields />
        <div className="dialog-actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {t("promos.create")}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

type LimitForm = z.input<typeof changeCodeSchema>;

/** First and last day and total uses: in the creation form and in the change dialog. */
function LimitFields() {
  const { t } = useConsoleFormat();
  return (
    <>
      <DayField<LimitForm> name="starts_on" label={t("promos.starts_on")} hint={t("promos.dates_hint")} />
      <DayField<LimitForm> name="ends_on" label={t("promos.ends_on")} hint={t("promos.dates_hint")} />
      <Field<LimitForm>
        name="max_redemptions"
        label={t("promos.max_redemptions")}
        hint={t("promos.max_hint")}
        input={{ inputMode: "numeric" }}
      />
    </>
  );
}

/** A code's dates and uses, changed in a dialog. */
export function ChangeCode({ code, onDone }: { code: AdminDiscount; onDone: () => void }) {
  const { t } = useConsoleFormat();
  const form = useConsoleForm(changeCodeSchema, {
    starts_on: code.starts_on ?? "",
    ends_on: code.ends_on ?? "",
    max_redemptions: code.max_redemptions === null ? "" : String(code.max_redemptions),
  });
  const save = useConsoleMutation({
    mutationFn: (body: z.output<typeof changeCodeSchema>) => updateDiscount(code.uuid, body),
    invalidates: [salesLists.discounts],
    onSuccess: onDone,
    success: (saved) => t("promos.saved", { code: saved.code }),
  });
  return (
    <ConsoleForm form={form} mutation={save} submitLabel={t("promos.save")} className="form">
      <LimitFields />
    </ConsoleForm>
  );
}
