import { formatMoney } from "@estaciona/contracts/money";
import type { CreditNote, Invoice } from "@estaciona/contracts/schemas/invoicing";
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
                  <CfdiDownloads
                    label={(format) => t("download_label", { format, number })}
                    download={(format) => downloadInvoice(item.uuid, format)}
                  />
                )}
                {item.credit_notes.map((note) => (
                  <CreditNoteRow key={note.uuid} note={note} />
                ))}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A credit note on the invoice (a refund of one of its payments, docs/decisions/0308): its state and, once issued, its files. */
function CreditNoteRow({ note }: { note: CreditNote }) {
  const { t } = useTranslation("billing");
  const number = `${note.series}-${note.folio}`;
  return (
    <div className="billing-credit-note">
      <p className="muted">
        {t("credit_note", { number, amount: formatMoney(note.total, note.currency) })}{" "}
        <span className={note.status === "issued" ? "badge badge-success" : "badge"}>
          {t(`credit_note_status.${note.status}`)}
        </span>
      </p>
      {note.status === "issued" && (
        <CfdiDownloads
          label={(format) => t("credit_note_download_label", { format, number })}
          download={(format) => downloadInvoice(note.uuid, format, "credit_note")}
        />
      )}
    </div>
  );
}

/** The PDF and XML buttons of an issued CFDI; `label` names the file for a screen reader. */
function CfdiDownloads({
  label,
  download,
}: {
  label: (format: string) => string;
  download: (format: "pdf" | "xml") => Promise<void>;
}) {
  const { t } = useTranslation("billing");
  return (
    <div className="card-actions">
      {(["pdf", "xml"] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="button button-secondary"
          aria-label={label(format.toUpperCase())}
          onClick={() => void download(format).catch(() => {})}
        >
          {t(format === "pdf" ? "download_pdf" : "download_xml")}
        </button>
      ))}
    </div>
  );
}
