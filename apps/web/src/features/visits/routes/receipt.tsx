import { useQuery } from "@tanstack/react-query";
import { Link, Navigate, useParams } from "react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { visitQuery } from "../api/visits.ts";

/**
 * /visita/{uuid}/recibo, the address e-mails and older links give a stay's receipt: a paid stay's
 * receipt is its charge's, on the one receipt screen every product shares (`/recibo/{uuid}`,
 * docs/decisions/0111), so this only finds the charge and goes there. A stay not paid yet, or one
 * that cost nothing, has no receipt; it says so and leads back to the visit.
 */
export default function VisitReceiptScreen() {
  const { uuid = "" } = useParams();
  const { t } = useParkingFormat();
  const visit = useQuery(visitQuery(uuid)).data;
  const paymentUuid = visit?.receipt?.payment_uuid;
  if (paymentUuid) return <Navigate replace to={pathTo("receipt", { uuid: paymentUuid })} />;
  return (
    <Page title={t("receipt.title")}>
      {!visit ? (
        <LoadingSection />
      ) : (
        <>
          <EmptyState>{visit.receipt ? t("receipt.nothing_charged") : t("receipt.not_ready")}</EmptyState>
          <Link className="link" to={pathTo("visit", { uuid })}>
            {t("receipt.back")}
          </Link>
        </>
      )}
    </Page>
  );
}
