import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../../lib/notify.ts";
import { refreshBilling, requestMonthlyInvoice } from "../api/billing.ts";
import { currentMonth, useRecentMonths } from "../lib/billing-dates.ts";

/** One invoice for every payment of a month, on the chosen billing data. */
export function MonthlyInvoice({ profileUuid }: { profileUuid: string | null }) {
  const { t } = useTranslation("billing");
  const queryClient = useQueryClient();
  const months = useRecentMonths();
  const [month, setMonth] = useState(currentMonth);
  const invoiceMonth = useMutation({
    mutationFn: () => requestMonthlyInvoice(month, profileUuid ?? ""),
    onSuccess: async () => {
      notifySuccess(t("invoice_requested"));
      await refreshBilling(queryClient);
    },
  });

  return (
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
          <select className="input select" value={month} required onChange={(event) => setMonth(event.target.value)}>
            {months.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
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
  );
}
