import { formatMoney } from "@estaciona/contracts/money";
import type { Invoice, TaxProfile } from "@estaciona/contracts/schemas/invoicing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { sessionStore } from "../../../lib/session.ts";
import { useStore } from "../../../lib/store.ts";
import {
  deleteTaxProfile,
  downloadInvoice,
  invoiceablePaymentsQuery,
  invoicesQuery,
  refreshBilling,
  requestInvoice,
  requestMonthlyInvoice,
  saveTaxProfile,
  taxProfilesQuery,
} from "../api/billing.ts";
import { TaxProfileForm } from "../components/tax-profile-form.tsx";
import "../../../lib/catalogues/billing.ts";
import "../styles/billing.css";

type Editing = { profile: TaxProfile | null } | null;
/** While an invoice is being issued the history asks again this often, until the job is done. */
const ISSUING_POLL_MS = 1500;

const intlLocale = (language: string) => (language === "en" ? "en-US" : "es-MX");

/** This month on the phone's calendar (`YYYY-MM`): the server reads each payment's month on its lot's clock. */
function currentMonth(): string {
  const today = new Date();
  return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}`;
}

/**
 * /facturacion (docs/product/invoicing-account-contact.md; hidden from the menu in English): the driver's billing data, the
 * payments still inside their invoice window with their deadline, one invoice for a month, and
 * the invoices with their status and downloads.
 */
export default function BillingScreen() {
  const { t, i18n } = useTranslation(["billing", "common"]);
  const queryClient = useQueryClient();
  const { user } = useStore(sessionStore);
  const profiles = useQuery(taxProfilesQuery());
  const payments = useQuery(invoiceablePaymentsQuery());
  const invoices = useQuery({
    ...invoicesQuery(),
    refetchInterval: (query) =>
      (query.state.data as Invoice[] | undefined)?.some((invoice) => invoice.status === "issuing")
        ? ISSUING_POLL_MS
        : false,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<TaxProfile | null>(null);
  const [chosenProfile, setChosenProfile] = useState<string | null>(null);
  const [month, setMonth] = useState(currentMonth);

  const profileList = profiles.data ?? [];
  const profileUuid = chosenProfile ?? profileList.find((profile) => profile.is_default)?.uuid ?? null;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: "medium" }).format(new Date(iso));

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
      setChosenProfile(null);
      await refreshBilling(queryClient);
    },
    onSettled: () => setRemoving(null),
  });
  const makeDefault = useMutation({
    mutationFn: (profile: TaxProfile) => saveTaxProfile(profile.uuid, { ...profile, is_default: true }),
    onSuccess: () => refreshBilling(queryClient),
  });
  const invoice = useMutation({
    mutationFn: (paymentUuid: string) => requestInvoice(paymentUuid, profileUuid ?? ""),
    onSuccess: async () => {
      notifySuccess(t("invoice_requested"));
      await refreshBilling(queryClient);
    },
  });
  const invoiceMonth = useMutation({
    mutationFn: () => requestMonthlyInvoice(month, profileUuid ?? ""),
    onSuccess: async () => {
      notifySuccess(t("invoice_requested"));
      await refreshBilling(queryClient);
    },
  });

  return (
    <Page title={t("title")}>
      <section className="card" aria-labelledby="profiles-heading">
        <div className="billing-heading">
          <h2 id="profiles-heading" className="section-title">
            {t("profiles_heading")}
          </h2>
          <button type="button" className="button button-secondary" onClick={() => setEditing({ profile: null })}>
            {t("add_profile")}
          </button>
        </div>
        {profiles.isPending ? (
          <LoadingSection />
        ) : profileList.length === 0 ? (
          <p className="muted">{t("profiles_empty")}</p>
        ) : (
          <ul className="card-list">
            {profileList.map((profile) => (
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

      <section className="card" aria-labelledby="payments-heading">
        <h2 id="payments-heading" className="section-title">
          {t("payments_heading")}
        </h2>
        {profileList.length > 1 && (
          <label className="field">
            <span className="field-label">{t("profile_for_invoice")}</span>
            <select
              className="input"
              value={profileUuid ?? ""}
              onChange={(event) => setChosenProfile(event.target.value)}
            >
              {profileList.map((profile) => (
                <option key={profile.uuid} value={profile.uuid}>
                  {profile.rfc} · {profile.legal_name}
                </option>
              ))}
            </select>
          </label>
        )}
        {payments.isPending ? (
          <LoadingSection />
        ) : (payments.data ?? []).length === 0 ? (
          <p className="muted">{t("payments_empty")}</p>
        ) : (
          <ul className="card-list">
            {(payments.data ?? []).map((payment) => (
              <li key={payment.payment_uuid} className="billing-row">
                <div>
                  <p className="billing-strong">{payment.line}</p>
                  <p className="muted">{formatMoney(payment.total, payment.currency)}</p>
                  <p className="muted">{t("invoice_until", { date: date(payment.invoice_deadline) })}</p>
                </div>
                {payment.invoice_uuid ? (
                  <span className="badge badge-success">{t("invoice_requested")}</span>
                ) : (
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={!profileUuid || invoice.isPending}
                    aria-label={`${t("request_invoice")}: ${payment.line}`}
                    onClick={() => invoice.mutate(payment.payment_uuid)}
                  >
                    {t("request_invoice")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {!profiles.isPending && !profileUuid && <p className="muted">{t("need_profile")}</p>}
      </section>

      <section className="card" aria-labelledby="month-heading">
        <h2 id="month-heading" className="section-title">
          {t("month_heading")}
        </h2>
        <form
          className="billing-month"
          onSubmit={(event) => {
            event.preventDefault();
            invoiceMonth.mutate();
          }}
        >
          <label className="field">
            <span className="field-label">{t("month")}</span>
            <input
              className="input"
              type="month"
              value={month}
              required
              onChange={(event) => setMonth(event.target.value)}
            />
          </label>
          <button
            type="submit"
            className="button button-secondary"
            disabled={!profileUuid || !month || invoiceMonth.isPending}
          >
            {t("request_month")}
          </button>
        </form>
      </section>

      <section className="card" aria-labelledby="history-heading">
        <h2 id="history-heading" className="section-title">
          {t("history_heading")}
        </h2>
        {invoices.isPending ? (
          <LoadingSection />
        ) : (invoices.data ?? []).length === 0 ? (
          <EmptyState>{t("history_empty")}</EmptyState>
        ) : (
          <ul className="card-list">
            {(invoices.data ?? []).map((item) => {
              const number = `${item.series}-${item.folio}`;
              return (
                <li key={item.uuid} className="billing-row">
                  <div>
                    <p className="billing-strong">
                      {t("invoice_number", { number })}{" "}
                      <span className={item.status === "issued" ? "badge badge-success" : "badge"}>
                        {t(`status.${item.status}`)}
                      </span>
                    </p>
                    <p className="muted">
                      {item.receiver_rfc} · {date(item.requested_at)} · {formatMoney(item.total, item.currency)}
                    </p>
                    {item.status === "issued" && !item.stamped && <p className="muted">{t("not_stamped")}</p>}
                    {item.status === "issued" && item.cancellation_status && (
                      <p className="muted">{t(`cancellation.${item.cancellation_status}`)}</p>
                    )}
                  </div>
                  {item.status === "issued" && (
                    <div className="card-actions">
                      {(["pdf", "xml"] as const).map((format) => (
                        <button
                          key={format}
                          type="button"
                          className="button button-secondary"
                          aria-label={t("download_label", { format: format.toUpperCase(), number })}
                          onClick={() => void downloadInvoice(item.uuid, format).catch(() => {})}
                        >
                          {t(format === "pdf" ? "download_pdf" : "download_xml")}
                        </button>
                      ))}
                    </div>
                  )}
                </li>
              );
            })}
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
    </Page>
  );
}
