import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { renderSVG } from "uqr";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { endpointKey } from "../../../lib/endpoint-query.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { downloadDriverKit, openDispute, receiptDisputeQuery, receiptProofQuery } from "../api/verification.ts";
import "../lib/catalogue.ts";
import * as endpoints from "@estaciona/contracts/endpoints/verification";

/**
 * On a receipt (docs/decisions/0200): the QR of its proof that anyone can check at
 * /verificar/{token}, and "I got a ticket", which opens a dispute for the operator and then shows
 * its state and the dispute kit.
 */
export function ReceiptProof({
  paymentUuid,
  number,
  timeZone,
}: {
  paymentUuid: string;
  number: string;
  timeZone: string;
}) {
  const { t } = useTranslation("verification");
  const { dateTime } = useParkingFormat();
  const proof = useQuery(receiptProofQuery(paymentUuid)).data;
  const href = proof ? pathTo("verify", { token: proof.token }) : "";
  const qr = useMemo(
    () =>
      href &&
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(`${window.location.origin}${href}`, { border: 2, ecc: "M" }))}`,
    [href],
  );
  const titleId = useId();
  if (!proof) return null;
  return (
    <>
      <section className="card receipt-proof" aria-labelledby={titleId}>
        <h2 id={titleId}>{t("proof_title")}</h2>
        <img className="receipt-proof-qr" src={qr} alt={t("proof_qr", { number })} width={160} height={160} />
        <p className="muted">{t("proof_hint")}</p>
        <p className="muted">{t("proof_until", { when: dateTime(proof.expires_at, timeZone) })}</p>
        <a href={href} data-testid="proof-link">
          {t("proof_link")}
        </a>
      </section>
      <DisputePanel paymentUuid={paymentUuid} />
    </>
  );
}

function DisputePanel({ paymentUuid }: { paymentUuid: string }) {
  const { t } = useTranslation("verification");
  const queryClient = useQueryClient();
  const dispute = useQuery(receiptDisputeQuery(paymentUuid));
  const [open, setOpen] = useState(false);
  const [citation, setCitation] = useState("");
  const [note, setNote] = useState("");
  const titleId = useId();
  const send = useMutation({
    mutationFn: () => openDispute(paymentUuid, { citation_number: citation.trim() || null, note: note.trim() || null }),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: endpointKey(endpoints.getReceiptDispute) });
      notifySuccess(t("dispute_sent"));
    },
  });
  const kit = useMutation({ mutationFn: () => downloadDriverKit(paymentUuid) });
  if (dispute.isPending) return null;
  const current = dispute.data;
  return (
    <section className="card receipt-dispute" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("dispute_title")}</h2>
      {current ? (
        <>
          <p data-testid="dispute-state" aria-live="polite">
            {t("dispute_state", { status: t(`status.${current.status}`) })}
          </p>
          {current.resolution && <p>{t("dispute_resolution", { resolution: current.resolution })}</p>}
          <button
            type="button"
            className="button button-secondary"
            disabled={kit.isPending}
            onClick={() => kit.mutate()}
          >
            {t("dispute_kit")}
          </button>
        </>
      ) : (
        <>
          <p className="muted">{t("dispute_hint")}</p>
          <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
            {t("dispute_open")}
          </button>
        </>
      )}
      <FormDialog open={open} title={t("dispute_form_title")} onClose={() => setOpen(false)}>
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate();
          }}
        >
          <FormField label={t("citation_number")}>
            {(control) => (
              <input
                {...control}
                className="input"
                maxLength={40}
                value={citation}
                onChange={(event) => setCitation(event.target.value)}
              />
            )}
          </FormField>
          <FormField label={t("note")}>
            {(control) => (
              <textarea
                {...control}
                className="input"
                maxLength={1000}
                rows={3}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </FormField>
          <div className="dialog-actions">
            <button type="submit" className="button button-primary" disabled={send.isPending}>
              {t("dispute_send")}
            </button>
          </div>
        </form>
      </FormDialog>
    </section>
  );
}
