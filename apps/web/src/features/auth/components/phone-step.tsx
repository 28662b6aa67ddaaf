import { COUNTRY_DIAL_CODES } from "@estaciona/contracts";
import { formatPhone, phoneDigits } from "@estaciona/contracts/phones";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormField } from "../../../components/form-field.tsx";
import { paths } from "../../../config/paths.ts";
import { translateMessage, useT } from "../../../lib/translator.ts";
import { validatePhone } from "../validation.ts";
import { StepTitle } from "./step-title.tsx";

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
  const t = useT("auth");
  // Two fields do not need a form library: plain state keeps react-hook-form out of the first
  // download (decision 0010). Same behaviour: validate on submit, then on every change.
  const [country, setCountry] = useState(defaultValues.country);
  const [countryPicked, setCountryPicked] = useState(false);
  const [phone, setPhone] = useState(formatPhone(defaultValues.phone));
  const [submitted, setSubmitted] = useState(false);
  const phoneInput = useRef<HTMLInputElement>(null);
  const validity = validatePhone(phone);
  const error = submitted && validity !== true ? translateMessage(validity) : undefined;

  // docs/product/hosts-and-themes.md: English defaults the code to +1. A language switch on this step moves the default
  // along, unless the driver already picked a code.
  useEffect(() => {
    if (!countryPicked) setCountry(defaultValues.country);
  }, [defaultValues.country, countryPicked]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (validity !== true) {
      phoneInput.current?.focus();
      return;
    }
    const digits = phoneDigits(phone);
    onSubmit({ country, digits, e164: `${COUNTRY_DIAL_CODES[country]}${digits}` });
  };

  return (
    <form className="form" noValidate onSubmit={submit}>
      <StepTitle>{t("phone_step.heading")}</StepTitle>
      <div className="phone-row">
        <FormField label={t("phone_step.country_code")}>
          {(ids) => (
            <select
              {...ids}
              name="country"
              className="input select"
              value={country}
              onChange={(event) => {
                setCountry(event.target.value === "us" ? "us" : "mx");
                setCountryPicked(true);
              }}
            >
              <option value="mx">{t("phone_step.country_mx")}</option>
              <option value="us">{t("phone_step.country_us")}</option>
            </select>
          )}
        </FormField>
        <FormField label={t("phone_step.phone")} error={error}>
          {(ids) => (
            <input
              {...ids}
              ref={phoneInput}
              name="phone"
              className="input"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(000) 000-0000"
              value={phone}
              onChange={(event) => setPhone(formatPhone(event.target.value))}
            />
          )}
        </FormField>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {t("phone_step.continue")}
      </button>
      <p className="disclaimer">
        {t("phone_step.disclaimer")} {t("phone_step.accept_privacy")}{" "}
        {/* A plain link: this step can show before the router exists (decision 0095). */}
        <a href={paths.privacy.path}>{t("phone_step.privacy_link")}</a>.
      </p>
      <p className="notice notice-warning">{t("phone_step.risk_notice")}</p>
    </form>
  );
}
