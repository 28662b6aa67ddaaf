import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useParams } from "react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { VisitStatusBadge } from "../../../components/parking/status-badge.tsx";
import { pathTo } from "../../../config/paths.ts";
import { PayPanel, visitQuery } from "../../visits/index.ts";
import "../../../lib/catalogues/parking.ts";
import "../../../lib/catalogues/screens.ts";

/**
 * /checkout/{uuid}: pays a given visit (home's Pay and Settle, the visit's Pay, a ticket's QR).
 * A paid visit shows as paid with its receipt; a visit that has not started cannot be paid.
 */
export default function CheckoutScreen() {
  const { uuid = "" } = useParams();
  const { pathname } = useLocation();
  const { t, duration } = useParkingFormat();
  const visit = useQuery(visitQuery(uuid));
  const data = visit.data;

  return (
    <Page title={t("screens:checkout.title")}>
      {!data ? (
        <LoadingSection />
      ) : (
        <>
          <div className="checkout-summary card">
            <p className="checkout-location">{data.location.name}</p>
            <p>
              <span className="plate-badge">{data.vehicle.plate}</span> <VisitStatusBadge status={data.status} />
            </p>
            <p className="muted">{duration(data.duration_minutes)}</p>
            <Link className="link" to={pathTo("visit", { uuid })}>
              {t("dashboard.details")}
            </Link>
          </div>
          {data.status === "inactive" ? (
            <EmptyState>{t("checkout.not_payable")}</EmptyState>
          ) : (
            // Keyed by the visit: another visit's checkout starts a fresh attempt (and key).
            <PayPanel key={uuid} visit={data} fetchedAt={visit.dataUpdatedAt} returnPath={pathname} />
          )}
        </>
      )}
    </Page>
  );
}
