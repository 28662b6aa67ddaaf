import { requiredText } from "@estaciona/contracts/schemas/common";
import { studentId, type User } from "@estaciona/contracts/schemas/user";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { setUser } from "../../../lib/session.ts";
import { editUser } from "../api/account.ts";
import "../../../lib/catalogues/account.ts";

const studentSchema = z.object({ first_name: requiredText(80), last_name: requiredText(80), student_id: studentId });

/**
 * The student id asked where it is needed (a student pass's checkout, docs/decisions/0250), checked
 * by the contracts' one rule as the driver types, before anything is paid. `PUT user/edit` takes
 * the names with it, so a driver without names on the account gives them here as well.
 */
export function StudentIdForm({ user }: { user: User }) {
  const { t } = useTranslation(["account", "common"]);
  const [busy, setBusy] = useState(false);
  const asksNames = !user.first_name || !user.last_name;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof studentSchema>, unknown, z.output<typeof studentSchema>>({
    resolver: zodResolver(studentSchema),
    mode: "onChange",
    defaultValues: { first_name: user.first_name ?? "", last_name: user.last_name ?? "", student_id: "" },
  });
  const message = (error?: { message?: string }) => translateMessage(error?.message, { max: 80 });

  const save = handleSubmit(async (body) => {
    setBusy(true);
    try {
      setUser(await editUser(body));
      notifySuccess(t("student_id_saved"));
    } catch {
      // The API client already showed the reason.
      setBusy(false);
    }
  });

  return (
    <form className="card form" noValidate onSubmit={save} aria-labelledby="student-id-ask">
      <p id="student-id-ask">{t("student_id_ask")}</p>
      {asksNames && (
        <>
          <FormField label={t("first_name")} error={message(errors.first_name)}>
            {(ids) => <input {...ids} className="input" autoComplete="given-name" {...register("first_name")} />}
          </FormField>
          <FormField label={t("last_name")} error={message(errors.last_name)}>
            {(ids) => <input {...ids} className="input" autoComplete="family-name" {...register("last_name")} />}
          </FormField>
        </>
      )}
      <FormField label={t("student_id")} hint={t("student_id_hint")} error={message(errors.student_id)}>
        {(ids) => <input {...ids} className="input" autoCapitalize="characters" {...register("student_id")} />}
      </FormField>
      <button type="submit" className="button button-secondary" disabled={busy}>
        {t("student_id_save")}
      </button>
    </form>
  );
}
