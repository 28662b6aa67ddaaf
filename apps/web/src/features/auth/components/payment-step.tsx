import { requiredText } from "@estaciona/contracts/schemas/common";
import type { User } from "@estaciona/contracts/schemas/user";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { api, type DataEnvelope } from "../../../lib/api-client.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { setUser } from "../../../lib/session.ts";
import { NoChargeNotice } from "../../payments/components/no-charge-notice.tsx";
import { cardFormAvailable, PaymentMethodForm } from "../../payments/components/payment-method-form.tsx";

// Spec §5 "Payment info completion": e-mail required and valid, with the invalid_email message.
const profileSchema = z.object({
  first_name: requiredText(80),
  last_name: requiredText(80),
  email: z
    .string()
    .trim()
    .min(1, { error: "validation.required" })
    .pipe(z.email({ error: "errors.api_invalid_email" }).max(254, { error: "errors.api_invalid_email" })),
});

/**
 * Step 5: the no-charge notice and the card form for the payment locale. A driver without
 * e-mail, first or last name completes them first (a card needs them: `missing_email`).
 * "Add later" where the theme allows it (spec §2), and on every theme while no card form is
 * mounted yet, so no driver is stuck on a step they cannot finish.
 */
export default function PaymentStep({
  user,
  paymentLocale,
  canSkip,
  onDone,
}: {
  user: User;
  paymentLocale: "mx" | "us";
  canSkip: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation("auth");
  const [busy, setBusy] = useState(false);
  const needsProfile = !user.email || !user.first_name || !user.last_name;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof profileSchema>, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: { first_name: user.first_name ?? "", last_name: user.last_name ?? "", email: user.email ?? "" },
  });
  const message = (error?: { message?: string }) => translateMessage(error?.message, { max: 80 });

  const saveProfile = handleSubmit(async (body) => {
    setBusy(true);
    try {
      setUser((await api.put<DataEnvelope<User>>("user/edit", body)).data);
    } catch {
      // The API client already showed the reason.
    } finally {
      setBusy(false);
    }
  });

  return (
    <div className="form">
      <h2 className="step-title">{t("payment_step.heading")}</h2>
      <NoChargeNotice country={paymentLocale} />
      {needsProfile ? (
        <form className="form" noValidate onSubmit={saveProfile}>
          <p className="muted">{t("payment_step.complete_profile")}</p>
          <FormField label={t("name_step.first_name")} error={message(errors.first_name)}>
            {(ids) => <input {...ids} className="input" autoComplete="given-name" {...register("first_name")} />}
          </FormField>
          <FormField label={t("name_step.last_name")} error={message(errors.last_name)}>
            {(ids) => <input {...ids} className="input" autoComplete="family-name" {...register("last_name")} />}
          </FormField>
          <FormField label={t("payment_step.email")} error={message(errors.email)}>
            {(ids) => <input {...ids} className="input" type="email" autoComplete="email" {...register("email")} />}
          </FormField>
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {t("payment_step.save_profile")}
          </button>
        </form>
      ) : (
        <PaymentMethodForm paymentLocale={paymentLocale} onSaved={onDone} />
      )}
      {(canSkip || !cardFormAvailable) && (
        <button type="button" className="button button-secondary button-block" disabled={busy} onClick={onDone}>
          {t("payment_step.add_later")}
        </button>
      )}
    </div>
  );
}
