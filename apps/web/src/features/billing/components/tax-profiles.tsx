import type { TaxProfile } from "@estaciona/contracts/schemas/invoicing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { sessionStore } from "../../../lib/session.ts";
import { useStore } from "../../../lib/store.ts";
import { deleteTaxProfile, refreshBilling, saveTaxProfile } from "../api/billing.ts";
import { TaxProfileForm } from "./tax-profile-form.tsx";

type Editing = { profile: TaxProfile | null } | null;

/** The driver's billing data (RFC, name, regime…): add, edit, make one the default, remove. */
export function TaxProfiles({
  profiles,
  loading,
  onRemoved,
}: {
  profiles: TaxProfile[];
  loading: boolean;
  onRemoved: () => void;
}) {
  const { t } = useTranslation("billing");
  const queryClient = useQueryClient();
  const { user } = useStore(sessionStore);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<TaxProfile | null>(null);

  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveTaxProfile>[1]) => saveTaxProfile(editing?.profile?.uuid ?? null, body),
    onSuccess: async () => {
      setEditing(null);
      notifySuccess(t("profile_saved"));
      await refreshBilling(queryClient);
    },
  });
  const remove = useMutation({
    mutationFn: (profile: TaxProfile) => deleteTaxProfile(profile.uuid),
    onSuccess: async () => {
      notifySuccess(t("profile_removed"));
      onRemoved();
      await refreshBilling(queryClient);
    },
    onSettled: () => setRemoving(null),
  });
  const makeDefault = useMutation({
    mutationFn: (profile: TaxProfile) => saveTaxProfile(profile.uuid, { ...profile, is_default: true }),
    onSuccess: () => refreshBilling(queryClient),
  });

  return (
    <>
      <section className="card" aria-labelledby="profiles-heading">
        <div className="billing-heading">
          <h2 id="profiles-heading" className="section-title">
            {t("profiles_heading")}
          </h2>
          <button type="button" className="button button-secondary" onClick={() => setEditing({ profile: null })}>
            {t("add_profile")}
          </button>
        </div>
        {loading ? (
          <LoadingSection />
        ) : profiles.length === 0 ? (
          <p className="muted">{t("profiles_empty")}</p>
        ) : (
          <ul className="card-list">
            {profiles.map((profile) => (
              <li key={profile.uuid} className="billing-profile">
                <div>
                  <p className="billing-strong">
                    {profile.rfc}{" "}
                    {profile.is_default && <span className="badge badge-success">{t("default_badge")}</span>}
                  </p>
                  <p>{profile.legal_name}</p>
                  <p className="muted">
                    {profile.tax_regime} · {profile.cfdi_use} · {profile.postal_code} · {profile.email}
                  </p>
                </div>
                <div className="card-actions">
                  <button type="button" className="button button-secondary" onClick={() => setEditing({ profile })}>
                    {t("edit")}
                  </button>
                  {!profile.is_default && (
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={makeDefault.isPending}
                      onClick={() => makeDefault.mutate(profile)}
                    >
                      {t("make_default")}
                    </button>
                  )}
                  <button type="button" className="button button-ghost-danger" onClick={() => setRemoving(profile)}>
                    {t("remove_profile")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <FormDialog
        open={editing !== null}
        title={editing?.profile ? t("edit_profile") : t("add_profile")}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <TaxProfileForm
            key={editing.profile?.uuid ?? "new"}
            profile={editing.profile ?? undefined}
            defaultEmail={user?.email ?? ""}
            busy={save.isPending}
            onSubmit={(body) => save.mutate(body)}
          />
        )}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title={t("remove_profile")}
        message={t("remove_profile_question", { rfc: removing?.rfc ?? "" })}
        confirmLabel={t("remove_profile")}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
