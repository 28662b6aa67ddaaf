import { RESEND_COUNTDOWN_SECONDS } from "@estaciona/contracts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormField } from "../../../components/form-field.tsx";
import { translateMessage, useT } from "../../../lib/translator.ts";
import type { CodeChannel } from "../api/register-phone.ts";
import { validateCode } from "../validation.ts";
import { StepTitle } from "./step-title.tsx";
import { useCodeDelivery } from "./use-code-delivery.ts";
import { useCountdown } from "./use-countdown.ts";

/** Step 2: the 6-digit code, a resend link behind a 60-second countdown, and back. */
export function CodeStep({
  phone,
  phoneE164,
  prefilledCode,
  registrations,
  busy,
  onSubmit,
  onResend,
  onResendBy,
  onBack,
}: {
  phone: string;
  /** The number itself, to ask whether the code reached it. */
  phoneE164: string;
  prefilledCode: string | null;
  /** Increments on every registration; restarts the countdown. */
  registrations: number;
  busy: boolean;
  onSubmit: (code: string) => void;
  onResend: () => void;
  /** A new code by the channel the driver picks after the last one did not arrive (docs/decisions/0244). */
  onResendBy: (channel: CodeChannel) => void;
  onBack: () => void;
}) {
  const t = useT("auth");
  const remaining = useCountdown(RESEND_COUNTDOWN_SECONDS, registrations);
  const delivery = useCodeDelivery(phoneE164, registrations);
  // One field: plain state, no form library in the first download (decision 0010). Validates
  // on submit, then on every change.
  const [code, setCode] = useState(prefilledCode ?? "");
  const [submitted, setSubmitted] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (prefilledCode) setCode(prefilledCode);
  }, [prefilledCode]);
  const validity = validateCode(code);
  const error = submitted && validity !== true ? translateMessage(validity) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (validity !== true) {
      codeInput.current?.focus();
      return;
    }
    onSubmit(code.trim());
  };

  return (
    <form className="form" noValidate onSubmit={submit}>
      <StepTitle>{t("code_step.heading")}</StepTitle>
      <p className="muted">{t("code_step.sent_to", { phone })}</p>
      <FormField label={t("code_step.code")} error={error}>
        {(ids) => (
          <input
            {...ids}
            className="input input-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            ref={codeInput}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {t("code_step.submit")}
      </button>
      {delivery?.state === "undelivered" && (
        <div className="code-undelivered" role="status">
          <p>{t("code_step.undelivered")}</p>
          {delivery.channels.map((channel) => (
            <button
              key={channel}
              type="button"
              className="button button-secondary button-block"
              disabled={busy}
              onClick={() => onResendBy(channel)}
            >
              {t(`code_step.send_by.${channel}`)}
            </button>
          ))}
        </div>
      )}
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
