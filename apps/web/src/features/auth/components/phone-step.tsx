import { COUNTRY_DIAL_CODES } from "@estaciona/contracts";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "../../../components/form-field.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { formatPhone, phoneDigits } from "../../../lib/phone-mask.ts";
import { validatePhone } from "../validation.ts";

export interface PhoneFormInput {
  country: "mx" | "us";
  phone: string;
}

/** Step 1: country code (+52 Mexico, +1 USA), the masked 10-digit phone, continue, disclaimer. */
export function PhoneStep({
  defaultValues,
  busy,
  onSubmit,
}: {
  defaultValues: PhoneFormInput;
  busy: boolean;
  onSubmit: (input: { country: "mx" | "us"; digits: string; e164: string }) => void;
}) {
  const { t } = useTranslation("auth");
  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors, dirtyFields },
  } = useForm<PhoneFormInput>({ defaultValues: { ...defaultValues, phone: formatPhone(defaultValues.phone) } });
  // Spec §1: English defaults the code to +1. A language switch on this step moves the default
  // along, unless the driver already picked a code.
  const countryPicked = Boolean(dirtyFields.country);
  useEffect(() => {
    if (!countryPicked) setValue("country", defaultValues.country);
  }, [defaultValues.country, countryPicked, setValue]);
  return (
    <form
      className="form"
      noValidate
      onSubmit={handleSubmit(({ country, phone }) => {
        const digits = phoneDigits(phone);
        onSubmit({ country, digits, e164: `${COUNTRY_DIAL_CODES[country]}${digits}` });
      })}
    >
      <h2 className="step-title">{t("phone_step.heading")}</h2>
      <div className="phone-row">
        <FormField label={t("phone_step.country_code")}>
          {(ids) => (
            <select {...ids} className="input select" {...register("country")}>
              <option value="mx">{t("phone_step.country_mx")}</option>
              <option value="us">{t("phone_step.country_us")}</option>
            </select>
          )}
        </FormField>
        <FormField label={t("phone_step.phone")} error={translateMessage(errors.phone?.message)}>
          {(ids) => (
            <Controller
              control={control}
              name="phone"
              rules={{ validate: validatePhone }}
              render={({ field }) => (
                <input
                  {...ids}
                  ref={field.ref}
                  name={field.name}
                  className="input"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder="(000) 000-0000"
                  value={field.value}
                  onChange={(event) => field.onChange(formatPhone(event.target.value))}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </FormField>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {t("phone_step.continue")}
      </button>
      <p className="disclaimer">{t("phone_step.disclaimer")}</p>
      <p className="notice notice-warning">{t("phone_step.risk_notice")}</p>
    </form>
  );
}
