import type { ValetTicketDetail } from "@estaciona/contracts/schemas/valet";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { PaymentHistory } from "../../../components/parking/payment-history.tsx";
import { VisitStatusBadge } from "../../../components/parking/status-badge.tsx";
import { refreshTickets, requestCar, ticketQuery } from "../api/valet.ts";
import { ValetPayPanel } from "../components/valet-pay-panel.tsx";
import "../../../lib/catalogues/parking.ts";
import "../../../lib/catalogues/valet.ts";
import "../styles/valet.css";
import { ReceiptLinks } from "../../receipts/index.ts";

/** While unpaid the fee is read again this often; while the car is on its way, its state. */
const FEE_REFRESH_MS = 30_000;
const CAR_REFRESH_MS = 5_000;

/** /visita/valet/{uuid}: the valet ticket as a visit: fee, pay with a tip, ask for the car, see it ready. */
export default function ValetTicketScreen() {
  const { uuid = "" } = useParams();
  const { t } = useTranslation("valet");
  const ticket = useQuery({
    ...ticketQuery(uuid),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      if (data.status !== "finished") return FEE_REFRESH_MS;
      return data.car_status === "requested" ? CAR_REFRESH_MS : false;
    },
  });
  return (
    <Page title={ticket.data ? t("ticket", { number: ticket.data.number }) : t("title")}>
      {ticket.data ? <TicketView ticket={ticket.data} /> : <LoadingSection />}
    </Page>
  );
}

function TicketView({ ticket }: { ticket: ValetTicketDetail }) {
  const { t } = useTranslation("valet");
  const { dateTime } = useParkingFormat();
  const queryClient = useQueryClient();
  const zone = ticket.location.time_zone;
  const ask = useMutation({
    mutationFn: () => requestCar(ticket.uuid),
    onSuccess: (answer) => {
      queryClient.setQueryData(ticketQuery(ticket.uuid).queryKey, answer);
      void refreshTickets(queryClient);
    },
  });
  const paid = ticket.status === "finished";
  return (
    <div className="visit-detail valet-ticket">
      <div className="visit-detail-status">
        {/* While the fee runs the car's state says it all; once paid (or refused) the payment says more. */}
        {ticket.status !== "in_progress" && <VisitStatusBadge status={ticket.status} />}
        <span className={`status-badge car-${ticket.car_status}`}>{t(`car_status.${ticket.car_status}`)}</span>
      </div>
      <dl className="detail-list">
        <div className="detail-list-row">
          <dt>{t("location")}</dt>
          <dd>
            {ticket.location.name}
            <br />
            <span className="muted">{ticket.location.address}</span>
          </dd>
        </div>
        {ticket.plate && (
          <div className="detail-list-row">
            <dt>{t("vehicle")}</dt>
            <dd>
              <span className="plate-badge">{ticket.plate}</span>
            </dd>
          </div>
        )}
        <div className="detail-list-row">
          <dt>{t("since")}</dt>
          <dd>{dateTime(ticket.opened_at, zone)}</dd>
        </div>
      </dl>
      <ReceiptLinks productUuid={ticket.uuid} />

      {paid ? (
        <>
          <section className="card valet-car" aria-labelledby="valet-car-title">
            <h2 id="valet-car-title">{t("paid_title")}</h2>
            <p role="status" className={ticket.car_status === "ready" ? "valet-ready" : undefined}>
              {t(`car.${ticket.car_status}`)}
            </p>
            {ticket.car_status === "parked" && (
              <button
                type="button"
                className="button button-primary button-block"
                disabled={ask.isPending}
                onClick={() => ask.mutate()}
              >
                {ask.isPending ? t("requesting") : t("request")}
              </button>
            )}
          </section>
          {ticket.amounts && (
            <section className="card" aria-labelledby="valet-amounts-title">
              <h2 id="valet-amounts-title">{t("amounts_title")}</h2>
              <FeeBreakdown
                amounts={ticket.amounts}
                tip={ticket.amounts.tip > 0 ? { label: t("tip_line"), amount: ticket.amounts.tip } : undefined}
              />
            </section>
          )}
        </>
      ) : (
        <ValetPayPanel ticket={ticket} />
      )}
      <PaymentHistory payments={ticket.payments} timeZone={zone} />
    </div>
  );
}
