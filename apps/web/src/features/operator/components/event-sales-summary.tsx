import type { AdminEvent } from "@estaciona/contracts/schemas/events";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { formatInZone } from "../../../components/parking/zoned-time.ts";
import { pathTo } from "../../../config/paths.ts";
import { cancelEvent, venueLists } from "../api/venues.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { StatusPill } from "./status-pill.tsx";

/** An event's sales so far (places sold of places, on sale or not), its public page, and cancelling it after asking. */
export function EventSalesSummary({ event }: { event: AdminEvent }) {
  const { t } = useConsoleFormat();
  const { i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const cancelled = event.status === "cancelled";
  const cancel = useConsoleMutation({
    mutationFn: () => cancelEvent(event.uuid),
    invalidates: [venueLists.events, venueLists.event],
    onSuccess: () => setConfirming(false),
    success: (done) => t("events.cancelled", { name: done.name }),
  });
  const when = (iso: string) =>
    formatInZone(iso, { locale: i18n.language, timeZone: event.location.time_zone, withDate: true });
  const sold = t("events.sold_summary", { sold: event.places_sold, places: event.places, left: event.places_left });
  return (
    <section className="card" aria-label={sold}>
      <p>
        <StatusPill
          status={cancelled ? "failed" : event.sales.open ? "active" : "pending"}
          label={t(
            cancelled
              ? "events.status_cancelled"
              : event.sales.open
                ? "events.status_on_sale"
                : "events.status_scheduled",
          )}
        />{" "}
        {sold}
      </p>
      <meter
        className="occupancy"
        min={0}
        max={Math.max(event.places, 1)}
        value={event.places_sold}
        aria-label={t("events.places_meter", { name: event.name })}
      />
      {cancelled && event.cancelled_at && (
        <p className="notice notice-warning" role="status">
          {t("events.cancelled_notice", { when: when(event.cancelled_at) })}
        </p>
      )}
      <div className="console-row-actions">
        <Link className="button button-secondary" to={pathTo("event", { uuid: event.uuid })}>
          {t("events.public_page")}
        </Link>
        {!cancelled && (
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            {t("events.cancel_event")}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("events.cancel_title", { name: event.name })}
        message={t("events.cancel_message", { count: event.places_sold })}
        confirmLabel={t("events.cancel_event")}
        dismissLabel={t("events.keep")}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
