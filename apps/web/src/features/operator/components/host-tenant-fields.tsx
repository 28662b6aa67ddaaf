import type { hostBody } from "@estaciona/contracts/schemas/operator";
import { useQuery } from "@tanstack/react-query";
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { locationsQuery } from "../api/operator.ts";
import { useConsoleFormat } from "../lib/format.ts";

type HostForm = z.input<typeof hostBody>;
type HostOutput = z.output<typeof hostBody>;

const emptyAsNull = { setValueAs: (value: string | null) => value || null };

/**
 * What makes a host a tenant (docs/decisions/0165): the lots it offers, its own support contact
 * and its own questions, in both languages. Left empty, the host offers its organisation's lots of
 * its country, the organisation's contact and the questions of its theme and country.
 */
export function HostTenantFields({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<HostForm>;
  control: Control<HostForm, unknown, HostOutput>;
  errors: FieldErrors<HostForm>;
}) {
  const { t } = useConsoleFormat();
  const locations = useQuery(locationsQuery());
  return (
    <>
      <fieldset>
        <legend>{t("hosts.locations")}</legend>
        <p className="muted">{t("hosts.locations_hint")}</p>
        {(locations.data ?? []).map((location) => (
          <label key={location.uuid} className="console-checkbox">
            <input type="checkbox" value={location.uuid} {...register("location_uuids")} />
            {location.name}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("hosts.support")}</legend>
        <p className="muted">{t("hosts.support_hint")}</p>
        <FormField label={t("hosts.support_email")} error={translateMessage(errors.support_email?.message)}>
          {(ids) => <input {...ids} className="input" inputMode="email" {...register("support_email", emptyAsNull)} />}
        </FormField>
        <FormField
          label={t("hosts.support_phone")}
          hint={t("organisations.phone_invalid")}
          error={translateMessage(errors.support_phone?.message)}
        >
          {(ids) => <input {...ids} className="input" inputMode="tel" {...register("support_phone", emptyAsNull)} />}
        </FormField>
      </fieldset>
      <FaqFields language="es" register={register} control={control} errors={errors} />
      <FaqFields language="en" register={register} control={control} errors={errors} />
    </>
  );
}

function FaqFields({
  language,
  register,
  control,
  errors,
}: {
  language: "es" | "en";
  register: UseFormRegister<HostForm>;
  control: Control<HostForm, unknown, HostOutput>;
  errors: FieldErrors<HostForm>;
}) {
  const { t } = useConsoleFormat();
  const questions = useFieldArray({ control, name: `faq.${language}` });
  return (
    <fieldset>
      <legend>{t(`hosts.faq_${language}`)}</legend>
      {questions.fields.length === 0 && <p className="muted">{t("hosts.faq_default")}</p>}
      {questions.fields.map((field, index) => {
        const error = errors.faq?.[language]?.[index];
        return (
          <div key={field.id} className="console-faq-item">
            <FormField
              label={t("hosts.faq_question", { number: index + 1 })}
              error={translateMessage(error?.question?.message, { max: 200 })}
            >
              {(ids) => <input {...ids} className="input" {...register(`faq.${language}.${index}.question`)} />}
            </FormField>
            <FormField
              label={t("hosts.faq_answer", { number: index + 1 })}
              error={translateMessage(error?.answer?.message, { max: 1000 })}
            >
              {(ids) => (
                <textarea {...ids} className="input" rows={3} {...register(`faq.${language}.${index}.answer`)} />
              )}
            </FormField>
            <button type="button" className="button button-ghost-danger" onClick={() => questions.remove(index)}>
              {t("hosts.faq_remove", { number: index + 1 })}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => questions.append({ question: "", answer: "" })}
      >
        {t("hosts.faq_add")}
      </button>
    </fieldset>
  );
}
