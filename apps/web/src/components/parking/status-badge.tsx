import type { VisitStatus } from "@estaciona/contracts";
import { useTranslation } from "react-i18next";
import "../../lib/catalogues/parking.ts";

/** A visit's status in words (docs/product/entities-and-states.md: finished reads "Paid"), coloured by what the driver must do. */
export function VisitStatusBadge({ status }: { status: VisitStatus }) {
  const { t } = useTranslation("parking");
  return <span className={`status-badge status-${status.replace("_", "-")}`}>{t(`status.${status}`)}</span>;
}
