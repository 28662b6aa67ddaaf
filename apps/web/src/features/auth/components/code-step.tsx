import { RESEND_COUNTDOWN_SECONDS } from "@estaciona/contracts";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "../../../components/form-field.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { validateCode } from "../validation.ts";
import { useCountdown } from "./use-countdown.ts";

/** Step 2: the 6-digit code, a resend link behind a 60-second countdown, and back. */
export function CodeStep({
  phone,
  prefilledCode,
  registrations,
  busy,
  onSubmit,
  onResend,
  onBack,
}: {
  phone: string;
  prefilledCode: string | null;
  /** Increments on every registration; restarts the countdown. */
  registrations: number;
  busy: boolean;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation("auth");
  const remaining = useCountdown(RESEND_COUNTDOWN_SECONDS, registrations);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<{ code: string }>({
    defaultValues: { code: prefilledCode ?? "" },
  });
  useEffect(() => {
    if (prefilledCode) setValue("code", prefilledCode);
  }, [prefilledCode, setValue]);

  return (
    <form className="form" noValidate onSubmit={handleSubmit(({ code }) => onSubmit(code.trim()))}>
      <h2 className="step-title">{t("code_step.heading")}</h2>
      <p className="muted">{t("code_step.sent_to", { phone })}</p>
      <FormField label={t("code_step.code")} error={translateMessage(errors.code?.message)}>
        {(ids) => (
          <input
            {...ids}
            className="input input-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...register("code", { validate: validateCode })}
          />
        )}
      </FormField>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {t("code_step.submit")}
      </button>
      <div className="code-links">
        {remaining > 0 ? (
          <p className="muted">{t("code_step.resend_in", { seconds: remaining })}</p>
        ) : (
          <button type="button" className="link-button" disabled={busy} onClick={onResend}>
            {t("code_step.resend")}
          </button>
        )}
        <button type="button" className="link-button" onClick={onBack}>
          {t("code_step.back")}
        </button>
      </div>
    </form>
  );
}
