import type { GlobalInvoice } from "@estaciona/contracts/schemas/invoicing";
import { useQuery } from "@tanstack/react-query";
import { downloadConsoleCfdi, downloadGlobalInvoicesCsv, globalInvoicesQuery } from "../api/operator.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { ConsoleList } from "./console-list.tsx";
import { StatusPill } from "./status-pill.tsx";

/**
 * The organisation's global invoices to the general public (docs/decisions/0293): one line per
 * period with its sales and totals, its XML and PDF, and the whole list as CSV.
 */
export function GlobalInvoices() {
  const { t } = useConsoleFormat();
  const invoices = useQuery(globalInvoicesQuery());
  const count = invoices.data?.length ?? 0;
  return (
    <ConsoleList
      title={t("global_invoices.title")}
      list={invoices}
      count={count}
      empty={t("global_invoices.none")}
      framed={false}
    >
      <p className="muted">{t("global_invoices.intro")}</p>
      <button
        type="button"
        className="button button-secondary console-csv"
        onClick={() => void downloadGlobalInvoicesCsv(`${t("global_invoices.title")}.csv`)}
      >
        {t("global_invoices.download_csv")}
      </button>
      <ul className="card-list">
        {invoices.data?.map((invoice) => (
          <GlobalInvoiceCard key={invoice.uuid} invoice={invoice} />
        ))}
      </ul>
    </ConsoleList>
  );
}

/** The console's pill colours: issued reads as succeeded, being issued as pending (credit notes too). */
export const CFDI_PILL = { issued: "succeeded", issuing: "pending", failed: "failed" } as const;

/** The day before a period's end: its last day, as people say it. */
const lastDayOf = (endDay: string) =>
  new Date(Date.parse(`${endDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

function GlobalInvoiceCard({ invoice }: { invoice: GlobalInvoice }) {
  const { t, money, day } = useConsoleFormat();
  const number = `${invoice.series}-${invoice.folio}`;
  return (
    <li className="card">
      <strong>
        {t("global_invoices.number", { number })} · {t(`global_invoices.periodicity.${invoice.periodicity}`)}
      </strong>
      <span>
        {t("global_invoices.period", {
          from: day(invoice.period_start, false),
          to: day(lastDayOf(invoice.period_end), false),
        })}
      </span>
      <span>
        {money(invoice.total, invoice.currency)} · {t("global_invoices.sales", { count: invoice.payment_count })}
      </span>
      <span>
        <StatusPill status={CFDI_PILL[invoice.status]} label={t(`global_invoices.status.${invoice.status}`)} />
        {invoice.status === "issued" && !invoice.stamped && (
          <span className="muted"> {t("global_invoices.not_stamped")}</span>
        )}
      </span>
      {invoice.status === "issued" && (
        <div className="console-row-actions">
          <button
            type="button"
            className="button button-secondary"
            aria-label={`${t("global_invoices.xml")} ${number}`}
            onClick={() => void downloadConsoleCfdi("global", invoice.uuid, "xml")}
          >
            {t("global_invoices.xml")}
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-label={`${t("global_invoices.pdf")} ${number}`}
            onClick={() => void downloadConsoleCfdi("global", invoice.uuid, "pdf")}
          >
            {t("global_invoices.pdf")}
          </button>
        </div>
      )}
    </li>
  );
}
