import { EXPENSE_TAGS, type ExpenseTag, type HistoryEntry } from "@estaciona/contracts/schemas/receipts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { historyKey, tagReceipt } from "../api/receipts.ts";

/**
 * One payment of the history: its line in words (kind · place · day) leading to its receipt, the
 * amount (a refund negative), the business / personal choice that saves as soon as it is made (a
 * refund reads its charge's), and on a Mexican host the CFDI once one covers it.
 */
export function HistoryEntryRow({ entry, showsCfdi }: { entry: HistoryEntry; showsCfdi: boolean }) {
  const { t, money } = useParkingFormat();
  const queryClient = useQueryClient();
  // The choice shows at once; a refused save puts back what the server holds.
  const [chosen, setChosen] = useState<ExpenseTag | null>(null);
  const save = useMutation({
    mutationFn: (tag: ExpenseTag) => tagReceipt(entry.payment_uuid, tag),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKey }),
    onError: () => setChosen(null),
  });
  const tag = chosen ?? entry.tag;
  const refund = entry.kind === "refund";

  return (
    <li className={refund ? "history-entry history-entry-refund" : "history-entry"}>
      <div className="history-entry-main">
        <Link className="link" to={pathTo("receipt", { uuid: entry.receipt_uuid })}>
          {entry.line}
        </Link>
        <span className="history-entry-amount">{money(entry.amount, entry.currency)}</span>
      </div>
      {refund ? (
        <p className="muted history-entry-note">
          {t("history.tag_label")}: {t(tag ? `history.tag_${tag}` : "history.tag_none")}
        </p>
      ) : (
        <fieldset className="segmented history-entry-tag">
          <legend className="visually-hidden">{t("history.tag_of", { line: entry.line })}</legend>
          {EXPENSE_TAGS.map((option) => (
            <label key={option} className="segmented-option">
              <input
                type="radio"
                name={`tag-${entry.payment_uuid}`}
                value={option}
                checked={tag === option}
                onChange={() => {
                  setChosen(option);
                  save.mutate(option);
                }}
              />
              <span>{t(`history.tag_${option}`)}</span>
            </label>
          ))}
          <span className="visually-hidden" role="status">
            {save.isSuccess ? t("history.tag_saved") : ""}
          </span>
        </fieldset>
      )}
      {showsCfdi && entry.cfdi && (
        <Link className="link history-entry-note" to={pathTo("billing")}>
          {t("history.cfdi")}
          {entry.cfdi.cfdi_uuid ? `: ${entry.cfdi.cfdi_uuid}` : ""}
        </Link>
      )}
    </li>
  );
}
