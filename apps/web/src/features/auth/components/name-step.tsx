import { requiredText } from "@estaciona/contracts/schemas/common";
import { studentId, type User } from "@estaciona/contracts/schemas/user";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { logout, setUser } from "../../../lib/session.ts";
import { editUser } from "../../account/index.ts";
import { StepTitle } from "./step-title.tsx";

const nameSchema = z.object({
  first_name: requiredText(80),
  last_name: requiredText(80),
  student_id: studentId,
});

/** Step 3 (isisa theme, no vehicles yet): first name, last name, student id; cancel logs out. */
export default function NameStep({ user, onSaved }: { user: User; onSaved: () => void }) {
  const { t } = useTranslation("auth");
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof nameSchema>, unknown, z.output<typeof nameSchema>>({
    resolver: zodResolver(nameSchema),
    // The student id's rule (docs/decisions/0250) is checked as the driver types.
    mode: "onChange",
    defaultValues: {
      first_name: user.first_name ?? "",
      last_name: user.last_name ?? "",
      student_id: user.student_id ?? "",
    },
  });
  const message = (error?: { message?: string }) => translateMessage(error?.message, { max: 80 });

  const save = handleSubmit(async (body) => {
    setBusy(true);
    try {
      setUser(await editUser(body));
      onSaved();
    } catch {
      setBusy(false);
    }
  });

  return (
    <form className="form" noValidate onSubmit={save}>
      <StepTitle>{t("name_step.heading")}</StepTitle>
      <FormField label={t("name_step.first_name")} error={message(errors.first_name)}>
        {(ids) => <input {...ids} className="input" autoComplete="given-name" {...register("first_name")} />}
      </FormField>
      <FormField label={t("name_step.last_name")} error={message(errors.last_name)}>
        {(ids) => <input {...ids} className="input" autoComplete="family-name" {...register("last_name")} />}
      </FormField>
      <FormField label={t("name_step.student_id")} error={message(errors.student_id)}>
        {(ids) => <input {...ids} className="input" autoCapitalize="characters" {...register("student_id")} />}
      </FormField>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {t("name_step.save")}
      </button>
      <button type="button" className="button button-secondary button-block" onClick={() => void logout()}>
        {t("name_step.cancel")}
      </button>
    </form>
  );
}
