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
import { editUser } from "../../account/index.ts";
import "../catalogue.ts";

// docs/product/validation.md "Payment info completion": e-mail required and valid, with the invalid_email message.
const profileSchema = z.object({
  first_name: requiredText(80),
  last_name: requiredText(80),
  email: z
    .string()
    .trim()
    .min(1, { error: "validation.required" })
    .pipe(z.email({ error: "errors.api_invalid_email" }).max(254, { error: "errors.api_invalid_email" })),
});

/** A card needs first name, last name and e-mail (the server answers `missing_email` otherwise). */
export const needsPaymentProfile = (user: User | null): boolean => !user?.email || !user.first_name || !user.last_name;

/**
 * The payment-info completion form (docs/product/screens-and-routes.md step 5 and docs/product/validation.md): shown before a card form wherever a
 * driver adds a card (the wizard's step 5 and /pagos) while the profile lacks what a card needs.
 * Saving updates the session's user, which makes the caller show the card form.
 */
export function PaymentProfileForm({ user }: { user: User }) {
  const { t } = useTranslation("payments");
  const [busy, setBusy] = useState(false);
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
      setUser(await editUser(body));
    } catch {
      // The API client already showed the reason.
    } finally {
      setBusy(false);
    }
  });

  return (
    <form className="form" noValidate onSubmit={saveProfile}>
      <p className="muted">{t("profile.complete")}</p>
      <FormField label={t("profile.first_name")} error={message(errors.first_name)}>
        {(ids) => <input {...ids} className="input" autoComplete="given-name" {...register("first_name")} />}
      </FormField>
      <FormField label={t("profile.last_name")} error={message(errors.last_name)}>
        {(ids) => <input {...ids} className="input" autoComplete="family-name" {...register("last_name")} />}
      </FormField>
      <FormField label={t("profile.email")} error={message(errors.email)}>
        {(ids) => <input {...ids} className="input" type="email" autoComplete="email" {...register("email")} />}
      </FormField>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {t("profile.save")}
      </button>
    </form>
  );
}
