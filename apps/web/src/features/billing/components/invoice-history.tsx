import { formatMoney } from "@estaciona/contracts/money";
import type { Invoice } from "@estaciona/contracts/schemas/invoicing";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { downloadInvoice, invoicesQuery } from "../api/billing.ts";
import { useBillingDate } from "../lib/billing-dates.ts";

/** While an invoice is being issued the history asks again this often, until the job is done. */
const ISSUING_POLL_MS = 1500;

/** The invoices asked for, with their status, and the PDF and XML of those issued. */
export function InvoiceHistory() {
  const { t } = useTranslation("billing");
  const date = useBillingDate();
  const invoices = useQuery({
    ...invoicesQuery(),
    refetchInterval: (query) =>
      (query.state.data as Invoice[] | undefined)?.some((invoice) => invoice.status === "issuing")
        ? ISSUING_POLL_MS
        : false,
  });

  return (
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
  );
}
