import { formatMoney } from "@estaciona/contracts/money";
import type { TaxProfile } from "@estaciona/contracts/schemas/invoicing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { invoiceablePaymentsQuery, refreshBilling, requestInvoice } from "../api/billing.ts";
import { useBillingDate } from "../lib/billing-dates.ts";

/**
 * The payments still inside their invoice window, each with its deadline and "Request invoice" on
 * the chosen billing data (a choice when the driver has more than one).
 */
export function InvoiceablePayments({
  profiles,
  profilesLoading,
  profileUuid,
  onChooseProfile,
}: {
  profiles: TaxProfile[];
  profilesLoading: boolean;
  profileUuid: string | null;
  onChooseProfile: (uuid: string) => void;
}) {
  const { t } = useTranslation("billing");
  const queryClient = useQueryClient();
  const date = useBillingDate();
  const payments = useQuery(invoiceablePaymentsQuery());
  const invoice = useMutation({
    mutationFn: (paymentUuid: string) => requestInvoice(paymentUuid, profileUuid ?? ""),
    onSuccess: async () => {
      notifySuccess(t("invoice_requested"));
      await refreshBilling(queryClient);
    },
  });

  return (
    <section className="card" aria-labelledby="payments-heading">
      <h2 id="payments-heading" className="section-title">
        {t("payments_heading")}
      </h2>
      {profiles.length > 1 && (
        <label className="field">
          <span className="field-label">{t("profile_for_invoice")}</span>
          <select className="input" value={profileUuid ?? ""} onChange={(event) => onChooseProfile(event.target.value)}>
            {profiles.map((profile) => (
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
      {!profilesLoading && !profileUuid && <p className="muted">{t("need_profile")}</p>}
    </section>
  );
}
