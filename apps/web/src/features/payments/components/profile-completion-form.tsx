import { requiredText } from "@estaciona/contracts/schemas/common";
import type { User } from "@estaciona/contracts/schemas/user";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { setUser } from "../../../lib/session.ts";
import { completeProfile } from "../api/payments.ts";

/** Spec §5 "Payment info completion": names required; e-mail required and valid (invalid_email). */
const completionSchema = z.object({
  first_name: requiredText(80),
  last_name: requiredText(80),
  email: z
    .string()
    .trim()
    .min(1, { error: "validation.required" })
    .pipe(z.email({ error: "errors.api_invalid_email" }).max(254, { error: "errors.api_invalid_email" })),
});

/** A card needs a profile with first name, last name and e-mail (the server answers missing_email otherwise). */
export const needsProfileCompletion = (user: Pick<User, "first_name" | "last_name" | "email"> | null): boolean =>
  Boolean(user && (!user.first_name?.trim() || !user.last_name?.trim() || !user.email?.trim()));

/** The completion form of the wizard's step 5; saved with `PUT user/edit`. */
export function ProfileCompletionForm({ user, onSaved }: { user: User; onSaved?: () => void }) {
  const { t } = useTranslation("auth");
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof completionSchema>, unknown, z.output<typeof completionSchema>>({
    resolver: zodResolver(completionSchema),
    defaultValues: { first_name: user.first_name ?? "", last_name: user.last_name ?? "", email: user.email ?? "" },
  });
  const message = (error?: { message?: string }) => translateMessage(error?.message, { max: 80 });

  const save = handleSubmit(async (body) => {
    setBusy(true);
    try {
      setUser(await completeProfile(body));
      onSaved?.();
    } catch {
      // The API client showed the server's message (e.g. email_already_used).
      setBusy(false);
    }
  });

  return (
    <form className="form" noValidate onSubmit={save}>
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
  );
}
