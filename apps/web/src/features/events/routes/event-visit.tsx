import type { EventVisitDetail } from "@estaciona/contracts/schemas/events";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { PaymentHistory } from "../../../components/parking/payment-history.tsx";
import { pathTo } from "../../../config/paths.ts";
import { eventVisitQuery } from "../api/events.ts";
import { EventPass } from "../components/event-pass.tsx";
import { EventVisitStatusBadge } from "../components/event-status.tsx";
import "../../../lib/catalogues/events.ts";
import "../styles/events.css";
import { WaitingReference } from "../../payment-references/index.ts";
import { ReceiptLinks } from "../../receipts/index.ts";

/** While a payment is being confirmed the visit is read again this often, so the pass appears by itself. */
const PENDING_REFRESH_MS = 5000;

/** /visita/evento/{uuid}: the event parking bought, its pass while it admits the car, the amounts and payments. */
export default function EventVisitScreen() {
  const { uuid = "" } = useParams();
  const { t } = useTranslation("events");
  const visit = useQuery({
    ...eventVisitQuery(uuid),
    refetchInterval: (query) => (query.state.data?.status === "pending_payment" ? PENDING_REFRESH_MS : false),
  });
  return (
    <Page title={t("visit.title")}>{visit.data ? <EventVisitView visit={visit.data} /> : <LoadingSection />}</Page>
  );
}

function EventVisitView({ visit }: { visit: EventVisitDetail }) {
  const { t } = useTranslation("events");
  const { dateTime, dateTimeRange } = useParkingFormat();
  const zone = visit.event.location.time_zone;
  const ended = Date.parse(visit.event.ends_at) <= Date.now();
  const queryClient = useQueryClient();
  const onReferencePaid = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: eventVisitQuery(visit.uuid).queryKey }),
    [queryClient, visit.uuid],
  );
  return (
    <div className="visit-detail event-visit">
      <div className="visit-detail-status">
        <EventVisitStatusBadge visit={visit} />
      </div>
      {visit.pass ? (
        <section className="card event-pass" aria-labelledby="pass-title">
          <h2 id="pass-title">{t("visit.pass_title")}</h2>
          <EventPass
            pass={visit.pass}
            label={t("visit.pass_label", { event: visit.event.name, plate: visit.vehicle.plate })}
          />
          <p className="event-pass-plate">
            <span className="plate-badge">{visit.vehicle.plate}</span>
          </p>
          <p className="muted">{t("visit.pass_help")}</p>
        </section>
      ) : (
        <p className="notice" role="status">
          {visit.refunded_at
            ? t("visit.refunded")
            : visit.status === "pending_payment"
              ? t("visit.pending")
              : visit.entered_at
                ? t("visit.pass_used", { time: dateTime(visit.entered_at, zone) })
                : ended
                  ? t("visit.ended")
                  : t("status.cancelled")}
        </p>
      )}
      <WaitingReference payments={visit.payments} timeZone={zone} holds="event" onPaid={onReferencePaid} />
      <dl className="detail-list">
        <div className="detail-list-row">
          <dt>{t("visit.event")}</dt>
          <dd>
            <Link className="link" to={pathTo("event", { uuid: visit.event.uuid })}>
              {visit.event.name}
            </Link>
          </dd>
        </div>
        <div className="detail-list-row">
          <dt>{t("visit.when")}</dt>
          <dd>{dateTimeRange(visit.event.starts_at, visit.event.ends_at, zone)}</dd>
        </div>
        <div className="detail-list-row">
          <dt>{t("visit.venue")}</dt>
          <dd>
            {visit.event.location.name}
            <br />
            <span className="muted">{visit.event.location.address}</span>
          </dd>
        </div>
        <div className="detail-list-row">
          <dt>{t("visit.vehicle")}</dt>
          <dd>
            <span className="plate-badge">{visit.vehicle.plate}</span>
          </dd>
        </div>
        {visit.paid_at && (
          <div className="detail-list-row">
            <dt>{t("visit.paid_at")}</dt>
            <dd>{dateTime(visit.paid_at, zone)}</dd>
          </div>
        )}
      </dl>
      <ReceiptLinks productUuid={visit.uuid} />
      <section className="card" aria-labelledby="event-amounts-title">
        <h2 id="event-amounts-title">{t("visit.amounts_title")}</h2>
        <FeeBreakdown amounts={visit.amounts} />
      </section>
      <PaymentHistory payments={visit.payments} timeZone={zone} />
    </div>
  );
}
