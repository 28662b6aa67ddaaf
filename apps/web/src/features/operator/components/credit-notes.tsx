import type { CreditNote } from "@estaciona/contracts/schemas/invoicing";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { consoleLists, creditNotesQuery, downloadConsoleCfdi, retryCreditNote } from "../api/operator.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { ConsoleList } from "./console-list.tsx";
import { CFDI_PILL } from "./global-invoices.tsx";
import { StatusPill } from "./status-pill.tsx";

/**
 * The organisation's credit notes (docs/decisions/0308, 0319), newest first as the API answers:
 * the refunded amount, the invoice it corrects, its state in words, its files once issued, and a
 * retry only where the provider did not issue it.
 */
export function CreditNotes() {
  const { t } = useConsoleFormat();
  const notes = useQuery(creditNotesQuery());
  return (
    <ConsoleList
      title={t("credit_notes.title")}
      list={notes}
      count={notes.data?.length ?? 0}
      empty={t("credit_notes.none")}
      framed={false}
    >
      <p className="muted">{t("credit_notes.intro")}</p>
      <ul className="card-list">
        {notes.data?.map((note) => (
          <CreditNoteCard key={note.uuid} note={note} />
        ))}
      </ul>
    </ConsoleList>
  );
}

function CreditNoteCard({ note }: { note: CreditNote }) {
  const { t, money, when } = useConsoleFormat();
  const number = `${note.series}-${note.folio}`;
  const retry = useConsoleMutation({
    mutationFn: () => retryCreditNote(note.uuid),
    invalidates: [consoleLists.creditNotes],
    success: () => t("credit_notes.retried"),
  });
  const reasonId = `credit-note-retry-${note.uuid}`;
  return (
    <li className="card">
      <strong>{t("credit_notes.number", { number })}</strong>
      <span>
        {t("credit_notes.amount", { amount: money(note.total, note.currency) })} ·{" "}
        {t(note.global_invoice_uuid ? "credit_notes.relates_to_global" : "credit_notes.relates_to", {
          number: note.related_number,
        })}
      </span>
      <span className="muted">{t("credit_notes.created", { when: when(note.created_at) })}</span>
      <span>
        <StatusPill status={CFDI_PILL[note.status]} label={t(`credit_notes.status.${note.status}`)} />
        {note.status === "issued" && !note.stamped && (
          <span className="muted"> {t("global_invoices.not_stamped")}</span>
        )}
      </span>
      <div className="console-row-actions">
        <Link className="button button-secondary" to={pathTo("operatorPayment", { uuid: note.payment_uuid })}>
          {t("credit_notes.see_payment")}
        </Link>
        {note.status === "issued" &&
          (["xml", "pdf"] as const).map((format) => (
            <button
              key={format}
              type="button"
              className="button button-secondary"
              aria-label={`${t(`credit_notes.${format}`)} ${t("credit_notes.number", { number })}`}
              onClick={() => void downloadConsoleCfdi("credit_note", note.uuid, format)}
            >
              {t(`credit_notes.${format}`)}
            </button>
          ))}
        <button
          type="button"
          className="button button-primary"
          disabled={note.status !== "failed" || retry.isPending}
          aria-describedby={note.status === "failed" ? undefined : reasonId}
          onClick={() => retry.mutate()}
        >
          {t("credit_notes.retry")}
        </button>
      </div>
      {note.status !== "failed" && (
        <span id={reasonId} className="muted">
          {t("credit_notes.retry_reason")}
        </span>
      )}
    </li>
  );
}
