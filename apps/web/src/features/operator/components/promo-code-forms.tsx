import { parseMinorUnits } from "@estaciona/contracts/money";
import { CURRENCIES } from "@estaciona/contracts/schemas/parking";
import {
  type AdminDiscount,
  type AdminPlan,
  createDiscountBody,
  DISCOUNT_KINDS,
} from "@estaciona/contracts/schemas/subscriptions";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { profileQuery } from "../api/operator.ts";
import { activePlansQuery, createDiscount, salesLists, updateDiscount } from "../api/sales.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { optionalDay, optionalWholeNumber } from "../lib/sales-forms.ts";

const WHOLE_NUMBER = "operator:promos.whole_number";
const DATES_INVALID = "operator:promos.dates_invalid";
/** The catalogue's own words for a discount above what it discounts (docs/product/calls-and-errors.md). */
const TOO_MUCH = "errors:api_invalid_discount_amount";

const datesInOrder = (value: { starts_on: string | null; ends_on: string | null }) =>
  !value.starts_on || !value.ends_on || value.ends_on >= value.starts_on;

/** Dates and uses: what a code's change dialog reads, and the end of the creation form. */
const limitFields = {
  starts_on: optionalDay,
  ends_on: optionalDay,
  max_redemptions: optionalWholeNumber(WHOLE_NUMBER),
};
const changeSchema = z.object(limitFields).refine(datesInOrder, { error: DATES_INVALID, path: ["ends_on"] });

const newCodeSchema = z
  .object({
    code: createDiscountBody.shape.code,
    kind: z.enum(DISCOUNT_KINDS),
    value: z.string().trim(),
    plan_uuid: z.string(),
    currency: z.enum(CURRENCIES),
    periods: optionalWholeNumber(WHOLE_NUMBER),
    ...limitFields,
  })
  .refine(datesInOrder, { error: DATES_INVALID, path: ["ends_on"] })
  .transform((form, context) => {
    // A percentage is a whole number from 1 to 100; an amount a decimal read into minor units.
    const value =
      form.kind === "percent"
        ? /^\d{1,3}$/.test(form.value) && Number(form.value) >= 1
          ? Number(form.value)
          : null
        : parseMinorUnits(form.value);
    if (value === null || value < 1) {
      context.addIssue({
        code: "custom",
        path: ["value"],
        message: form.kind === "percent" ? "operator:promos.percent_invalid" : "operator:promos.amount_invalid",
      });
      return z.NEVER;
    }
    if (form.kind === "percent" && value > 100) {
      context.addIssue({ code: "custom", path: ["value"], message: TOO_MUCH });
      return z.NEVER;
    }
    return { ...form, value };
  });
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
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<NewCodeForm, unknown, z.output<typeof newCodeSchema>>({
    resolver: zodResolver(newCodeSchema),
    defaultValues: blank,
  });
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
      <LimitFields register={(name) => register(name)} errors={errors} />
      <div className="dialog-actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t("promos.create")}
        </button>
      </div>
    </form>
  );
}

type LimitForm = z.input<typeof changeSchema>;

/** First and last day and total uses: in the creation form and in the change dialog. */
function LimitFields({
  register,
  errors,
}: {
  // Both forms hold these three fields under the same names.
  register: (name: keyof LimitForm) => UseFormRegisterReturn;
  errors: Partial<Record<keyof LimitForm, { message?: string | undefined }>>;
}) {
  const { t } = useConsoleFormat();
  return (
    <>
      <FormField
        label={t("promos.starts_on")}
        hint={t("promos.dates_hint")}
        error={translateMessage(errors.starts_on?.message)}
      >
        {(control) => <input {...control} className="input" type="date" {...register("starts_on")} />}
      </FormField>
      <FormField
        label={t("promos.ends_on")}
        hint={t("promos.dates_hint")}
        error={translateMessage(errors.ends_on?.message)}
      >
        {(control) => <input {...control} className="input" type="date" {...register("ends_on")} />}
      </FormField>
      <FormField
        label={t("promos.max_redemptions")}
        hint={t("promos.max_hint")}
        error={translateMessage(errors.max_redemptions?.message)}
      >
        {(control) => <input {...control} className="input" inputMode="numeric" {...register("max_redemptions")} />}
      </FormField>
    </>
  );
}

export function ChangeCode({ code, onDone }: { code: AdminDiscount; onDone: () => void }) {
  const { t } = useConsoleFormat();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LimitForm, unknown, z.output<typeof changeSchema>>({
    resolver: zodResolver(changeSchema),
    defaultValues: {
      starts_on: code.starts_on ?? "",
      ends_on: code.ends_on ?? "",
      max_redemptions: code.max_redemptions === null ? "" : String(code.max_redemptions),
    },
  });
  const save = useConsoleMutation({
    mutationFn: (body: z.output<typeof changeSchema>) => updateDiscount(code.uuid, body),
    invalidates: [salesLists.discounts],
    onSuccess: onDone,
    success: (saved) => t("promos.saved", { code: saved.code }),
  });
  return (
    <form className="form" noValidate onSubmit={handleSubmit((body) => save.mutate(body))}>
      <LimitFields register={(name) => register(name)} errors={errors} />
      <div className="dialog-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t("promos.save")}
        </button>
      </div>
    </form>
  );
}
