import type { Dispute, DisputeStatus } from "@estaciona/contracts/schemas/verification";
import { DISPUTE_STATUSES } from "@estaciona/contracts/schemas/verification";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page.tsx";
import { changeDispute, disputesList, disputesQuery, downloadOperatorKit } from "../../verification/index.ts";
import { ConsoleList } from "../components/console-list.tsx";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";

/**
 * /operador/disputas: drivers' "I got a ticket" at the operator's locations (docs/decisions/0200):
 * each with its receipt, ticket number and the driver's words, the dispute kit as a PDF, and the
 * moves received → in review → upheld or rejected, each audit logged.
 */
export default function DisputesScreen() {
  const { t } = useTranslation("verification");
  const [status, setStatus] = useState<DisputeStatus | "">("");
  const disputes = useQuery(disputesQuery(status || undefined));
  const filterId = useId();
  return (
    <Page title={t("console.title")}>
      <div className="field">
        <label className="field-label" htmlFor={filterId}>
          {t("console.filter")}
        </label>
        <select
          id={filterId}
          className="input"
          value={status}
          onChange={(event) => setStatus(event.target.value as DisputeStatus | "")}
        >
          <option value="">{t("console.all")}</option>
          {DISPUTE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <ConsoleList list={disputes} count={disputes.data?.length ?? 0} empty={t("console.none")} framed={false}>
        <ul className="card-list">
          {disputes.data?.map((dispute) => (
            <DisputeCard key={dispute.uuid} dispute={dispute} />
          ))}
        </ul>
      </ConsoleList>
    </Page>
  );
}

function DisputeCard({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation("verification");
  const { when } = useConsoleFormat();
  const [resolution, setResolution] = useState("");
  const resolutionId = useId();
  const move = useConsoleMutation({
    mutationFn: (status: DisputeStatus) => changeDispute(dispute.uuid, status, resolution.trim() || null),
    invalidates: [disputesList],
    success: (changed) => t("console.moved", { status: t(`status.${changed.status}`) }),
  });
  // A download changes nothing: no list to read again, the file is the answer.
  const kit = useConsoleMutation({ mutationFn: () => downloadOperatorKit(dispute.uuid), invalidates: [] });
  const final = dispute.status === "upheld" || dispute.status === "rejected";
  return (
    <li className="card" data-testid="dispute">
      <strong>
        {t("console.receipt", { number: dispute.receipt_number })} · {dispute.location.name}
      </strong>
      <span>
        {t(`status.${dispute.status}`)} · {t("console.opened", { when: when(dispute.created_at) })}
      </span>
      {dispute.citation_number && <span>{t("console.citation", { number: dispute.citation_number })}</span>}
      {dispute.note && <span className="muted">{dispute.note}</span>}
      {dispute.resolution && <span>{dispute.resolution}</span>}
      {!final && (
        <div className="field">
          <label className="field-label" htmlFor={resolutionId}>
            {t("console.resolution")}
          </label>
          <input
            id={resolutionId}
            className="input"
            maxLength={1000}
            value={resolution}
            onChange={(event) => setResolution(event.target.value)}
          />
        </div>
      )}
      <div className="console-row-actions">
        <button type="button" className="button button-secondary" disabled={kit.isPending} onClick={() => kit.mutate()}>
          {t("console.kit")}
        </button>
        {dispute.status === "received" && (
          <button
            type="button"
            className="button button-primary"
            disabled={move.isPending}
            onClick={() => move.mutate("in_review")}
          >
            {t("console.to_review")}
          </button>
        )}
        {!final && (
          <>
            <button
              type="button"
              className="button button-secondary"
              disabled={move.isPending}
              onClick={() => move.mutate("upheld")}
            >
              {t("console.uphold")}
            </button>
            <button
              type="button"
              className="button button-ghost-danger"
              disabled={move.isPending}
              onClick={() => move.mutate("rejected")}
            >
              {t("console.reject")}
            </button>
          </>
        )}
      </div>
    </li>
  );
}
