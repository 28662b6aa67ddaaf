import type { EventVisitSummary } from "@estaciona/contracts/schemas/events";
import { useTranslation } from "react-i18next";
import "../../../lib/catalogues/events.ts";

/** What the driver's event parking is now: refunded and cancelled come before the visit's status (docs/product/entities-and-states.md). */
export function EventVisitStatusBadge({ visit }: { visit: EventVisitSummary }) {
  const { t } = useTranslation("events");
  const [kind, text] = visit.refunded_at
    ? ["refunded", t("status.refunded")]
    : visit.event.status === "cancelled"
      ? ["cancelled", t("status.cancelled")]
      : [visit.status, t(`status.${visit.status}`)];
  return <span className={`status-badge status-${kind.replace("_", "-")}`}>{text}</span>;
}
