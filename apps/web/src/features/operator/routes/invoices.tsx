import type { Invoice } from "@estaciona/contracts/schemas/invoicing";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { Page } from "../../../components/page.tsx";
import { approveInvoice, consoleLists, pendingInvoicesQuery, profileQuery, rejectInvoice } from "../api/operator.ts";
import { ConsoleList } from "../components/console-list.tsx";
import { CreditNotes } from "../components/credit-notes.tsx";
import { GlobalInvoiceSettings } from "../components/global-invoice-settings.tsx";
import { GlobalInvoices } from "../components/global-invoices.tsx";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";

/**
 * /operador/facturas: invoice requests of locations that need the operator's approval, then the
 * organisation's global invoice periodicity, its global invoices and its credit notes — not for a
 * staff member limited to some locations
 * (docs/product/invoicing-account-contact.md).
 */
export default function InvoicesScreen() {
  const { t } = useConsoleFormat();
  const invoices = useQuery(pendingInvoicesQuery());
  const profile = useQuery(profileQuery());
  return (
    <Page title={t("invoices.page_title")}>
      <ConsoleList
        title={t("invoices.title")}
        list={invoices}
        count={invoices.data?.length ?? 0}
        empty={t("invoices.none")}
        framed={false}
      >
        <ul className="card-list">
          {invoices.data?.map((invoice) => (
            <PendingInvoice key={invoice.uuid} invoice={invoice} />
          ))}
        </ul>
      </ConsoleList>
      {profile.data?.location_uuids === null && (
        <>
          <GlobalInvoiceSettings />
          <GlobalInvoices />
          <CreditNotes />
        </>
      )}
    </Page>
  );
}

function PendingInvoice({ invoice }: { invoice: Invoice }) {
  const { t, money, when } = useConsoleFormat();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const invalidates = [consoleLists.invoices];
  const approve = useConsoleMutation({
    mutationFn: () => approveInvoice(invoice.uuid),
    invalidates,
    success: () => t("invoices.approved"),
  });
  const reject = useConsoleMutation({
    mutationFn: () => rejectInvoice(invoice.uuid, reason.trim()),
    invalidates,
    onSuccess: () => setRejecting(false),
    success: () => t("invoices.rejected"),
  });
  return (
    <li className="card">
      <strong>
        {invoice.receiver_name} · {invoice.receiver_rfc}
      </strong>
      <span>
        {money(invoice.total, invoice.currency)} · {t("invoices.payments", { count: invoice.payment_uuids.length })} ·{" "}
        {t("invoices.use", { use: invoice.cfdi_use })}
      </span>
      <span className="muted">{t("invoices.requested", { when: when(invoice.requested_at) })}</span>
      <div className="console-row-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={approve.isPending}
          onClick={() => approve.mutate()}
        >
          {t("invoices.approve")}
        </button>
        <button type="button" className="button button-ghost-danger" onClick={() => setRejecting(true)}>
          {t("invoices.reject")}
        </button>
      </div>
      <FormDialog open={rejecting} title={t("invoices.reject_title")} onClose={() => setRejecting(false)}>
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim()) reject.mutate();
          }}
        >
          <FormField label={t("invoices.reason")}>
            {(control) => (
              <input
                {...control}
                className="input"
                required
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </FormField>
          <div className="dialog-actions">
            <button type="submit" className="button button-danger" disabled={reject.isPending}>
              {t("invoices.reject")}
            </button>
          </div>
        </form>
      </FormDialog>
    </li>
  );
}
