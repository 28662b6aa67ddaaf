import type { SubscriptionStatus } from "@estaciona/contracts";
import { usePassFormat } from "../lib/format.ts";

/** A pass's status with docs/product/entities-and-states.md's name ("Pausada" for `unpaid`), coloured by what the driver must do. */
export function PassStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = usePassFormat();
  return (
    <span className={`status-badge pass-status-${status.replace("_", "-")}`}>
      {t(`subscriptions:status.${status}`)}
    </span>
  );
}
