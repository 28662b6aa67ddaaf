import type { Locale } from "@estaciona/contracts";
import { studentId } from "@estaciona/contracts/schemas/user";
import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { Page } from "../../../components/page.tsx";
import { paths, pathTo } from "../../../config/paths.ts";
import { getHostConfig } from "../../../lib/host-config.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { loadUser, sessionStore, setUser, storedTokens } from "../../../lib/session.ts";
import { setLanguage } from "../../../lib/set-language.ts";
import { useStore } from "../../../lib/store.ts";
import { deleteAccount, downloadMyData, editUser } from "../api/account.ts";
import { DeleteAccountDialog } from "../components/delete-account-dialog.tsx";
import { EmailDialog } from "../components/email-dialog.tsx";
import "../../../lib/catalogues/account.ts";
import { formatPhoneNumber } from "@estaciona/contracts/phones";
import { ReminderSettings } from "../../reminders/index.ts";

const required = z.string().trim().min(1, { error: "validation.required" }).max(80, { error: "validation.max_length" });
/** Blank, or the contracts' one student-id rule (docs/decisions/0250); blank is refused on save where one is asked. */
const optionalStudentId = z.string().transform((value, context) => {
  if (!value.trim()) return "";
  const checked = studentId.safeParse(value);
  if (checked.success) return checked.data;
  context.addIssue({ code: "custom", message: checked.error.issues[0]?.message ?? "validation.required" });
  return z.NEVER;
});
const profileSchema = z.object({ first_name: required, last_name: required, student_id: optionalStudentId });

/** /usuario: names (and student id on university hosts), verified e-mail, language, reminders, account deletion. */
export default function AccountScreen() {
  const { t, i18n } = useTranslation(["account", "common"]);
  const { user } = useStore(sessionStore);
  const host = getHostConfig();
  const asksStudentId = host.theme === "isisa" || Boolean(user?.student_id);
  const [emailOpen, setEmailOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const closeDelete = useCallback(() => setDeleteOpen(false), []);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof profileSchema>, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    mode: "onChange",
    values: {
      first_name: user?.first_name ?? "",
      last_name: user?.last_name ?? "",
      student_id: user?.student_id ?? "",
    },
  });

  if (!user) return <Page title={t("title")} />;

  const save = handleSubmit(async ({ first_name, last_name, student_id }) => {
    // PUT user/edit takes the names with either the e-mail or the student id (docs/product/calls-and-errors.md).
    if (asksStudentId && !student_id) {
      setError("student_id", { message: "validation.required" });
      return;
    }
    if (!asksStudentId && !user.email) {
      setEmailOpen(true);
      return;
    }
    setBusy(true);
    try {
      const updated = await editUser(
        asksStudentId ? { first_name, last_name, student_id } : { first_name, last_name, email: user.email ?? "" },
      );
      setUser(updated);
      notifySuccess(t("profile_saved"));
    } catch {
      // The API client already showed the reason.
    } finally {
      setBusy(false);
    }
  });

  const removeAccount = async () => {
    setBusy(true);
    try {
      await deleteAccount();
      storedTokens.clear();
      window.location.assign(paths.login.path);
    } catch {
      setBusy(false);
      setDeleteOpen(false);
    }
  };

  return (
    <Page title={t("title")}>
      <section className="card" aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="section-title">
          {t("profile_heading")}
        </h2>
        <form className="form" noValidate onSubmit={save}>
          <FormField label={t("first_name")} error={translateMessage(errors.first_name?.message, { max: 80 })}>
            {(ids) => <input {...ids} className="input" autoComplete="given-name" {...register("first_name")} />}
          </FormField>
          <FormField label={t("last_name")} error={translateMessage(errors.last_name?.message, { max: 80 })}>
            {(ids) => <input {...ids} className="input" autoComplete="family-name" {...register("last_name")} />}
          </FormField>
          {asksStudentId && (
            <FormField
              label={t("student_id")}
              hint={t("student_id_hint")}
              error={translateMessage(errors.student_id?.message)}
            >
              {(ids) => <input {...ids} className="input" autoCapitalize="characters" {...register("student_id")} />}
            </FormField>
          )}
          <dl className="details">
            <div>
              <dt>{t("phone")}</dt>
              <dd>{formatPhoneNumber(user.phone)}</dd>
            </div>
            <div>
              <dt>{t("email")}</dt>
              <dd>
                {user.email ?? t("email_missing")}{" "}
                {user.email && (
                  <span className={user.email_verified ? "badge badge-success" : "badge"}>
                    {user.email_verified ? t("email_verified") : t("email_not_verified")}
                  </span>
                )}
              </dd>
            </div>
          </dl>
          {!asksStudentId && !user.email && <p className="muted">{t("need_email_first")}</p>}
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t("common:actions.save")}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setEmailOpen(true)}>
              {user.email ? t("change_email") : t("add_email")}
            </button>
          </div>
        </form>
      </section>

      {!host.force_spanish && (
        <section className="card" aria-labelledby="language-heading">
          <h2 id="language-heading" className="section-title">
            {t("language_heading")}
          </h2>
          <fieldset className="segmented">
            <legend className="visually-hidden">{t("language_heading")}</legend>
            {(["es", "en"] as const satisfies Locale[]).map((locale) => (
              <label key={locale} className="segmented-option" lang={locale}>
                <input
                  type="radio"
                  name="language"
                  value={locale}
                  checked={i18n.language === locale}
                  onChange={() => void setLanguage(locale)}
                />
                <span>{t(`common:language.${locale}`)}</span>
              </label>
            ))}
          </fieldset>
        </section>
      )}

      <ReminderSettings emailVerified={user.email_verified} />

      <section className="card" aria-labelledby="receipts-heading">
        <h2 id="receipts-heading" className="section-title">
          {t("receipts_heading")}
        </h2>
        <p className="muted">{t("receipts_intro")}</p>
        <Link className="button button-secondary" to={pathTo("receipts")}>
          {t("receipts_link")}
        </Link>
      </section>

      <section className="card" aria-labelledby="data-heading">
        <h2 id="data-heading" className="section-title">
          {t("data_heading")}
        </h2>
        <p className="muted">{t("data_intro")}</p>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() =>
            void downloadMyData()
              .then(() => notifySuccess(t("data_downloaded")))
              .catch(() => {})
          }
        >
          {t("data_button")}
        </button>
      </section>

      <section className="card card-danger" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="section-title">
          {t("delete_heading")}
        </h2>
        <p className="muted">{t("delete_intro")}</p>
        <button type="button" className="button button-danger" onClick={() => setDeleteOpen(true)}>
          {t("delete_button")}
        </button>
      </section>

      <EmailDialog
        open={emailOpen}
        phone={user.phone}
        initialEmail={user.email ?? ""}
        onClose={() => setEmailOpen(false)}
        onVerified={() => {
          notifySuccess(t("email_updated"));
          void loadUser();
        }}
      />
      <DeleteAccountDialog open={deleteOpen} busy={busy} onConfirm={() => void removeAccount()} onClose={closeDelete} />
    </Page>
  );
}
