import { email, verificationCode } from "@estaciona/contracts/schemas/common";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { checkEmailCode, sendEmailCode } from "../api/account.ts";

const emailSchema = z.object({ email });
const codeSchema = z.object({ code: verificationCode });

/**
 * docs/product/screens-and-routes.md e-mail dialog: send a 6-digit code to the address, then check it; the server sets the
 * e-mail as verified. `onVerified` reloads the profile.
 */
export function EmailDialog({
  open,
  phone,
  initialEmail,
  onClose,
  onVerified,
}: {
  open: boolean;
  phone: string;
  initialEmail: string;
  onClose: () => void;
  onVerified: () => void;
}) {
  const { t } = useTranslation(["account", "common"]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailForm = useForm<z.input<typeof emailSchema>, unknown, z.output<typeof emailSchema>>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: initialEmail },
  });
  const codeForm = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: "" },
  });

  const close = () => {
    setSentTo(null);
    codeForm.reset();
    onClose();
  };

  const send = emailForm.handleSubmit(async ({ email: address }) => {
    setBusy(true);
    try {
      await sendEmailCode(address, phone);
      setSentTo(address);
    } catch {
      // The API client already showed the reason.
    } finally {
      setBusy(false);
    }
  });

  const verify = codeForm.handleSubmit(async ({ code }) => {
    if (!sentTo) return;
    setBusy(true);
    try {
      await checkEmailCode(sentTo, code);
      close();
      onVerified();
    } catch {
      // The API client already showed the reason.
    } finally {
      setBusy(false);
    }
  });

  return (
    <FormDialog
      open={open}
      title={t("email_dialog_title")}
      description={sentTo ? t("code_sent", { email: sentTo }) : t("email_dialog_intro")}
      onClose={close}
    >
      {sentTo === null ? (
        <form className="form" noValidate onSubmit={send}>
          <FormField label={t("email")} error={translateMessage(emailForm.formState.errors.email?.message)}>
            {(ids) => (
              <input {...ids} className="input" type="email" autoComplete="email" {...emailForm.register("email")} />
            )}
          </FormField>
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t("send_code")}
            </button>
          </div>
        </form>
      ) : (
        <form className="form" noValidate onSubmit={verify}>
          <FormField label={t("code")} error={translateMessage(codeForm.formState.errors.code?.message)}>
            {(ids) => (
              <input
                {...ids}
                className="input input-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                {...codeForm.register("code")}
              />
            )}
          </FormField>
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t("verify")}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setSentTo(null)}>
              {t("common:actions.back")}
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
