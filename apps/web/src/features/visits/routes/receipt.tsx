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
 * docs/decisions/0111), so this only finds the charge and goes there; a stay that cost nothing has
 * its zero receipt there, addressed by the visit (docs/decisions/0186). A stay not settled yet has
 * no receipt; it says so and leads back to the visit.
 */
export default function VisitReceiptScreen() {
  const { uuid = "" } = useParams();
  const { t } = useParkingFormat();
  const visit = useQuery(visitQuery(uuid)).data;
  if (visit?.receipt)
    return <Navigate replace to={pathTo("receipt", { uuid: visit.receipt.payment_uuid ?? visit.uuid })} />;
  return (
    <Page title={t("receipt.title")}>
      {!visit ? (
        <LoadingSection />
      ) : (
        <>
          <EmptyState>{t("receipt.not_ready")}</EmptyState>
          <Link className="link" to={pathTo("visit", { uuid })}>
            {t("receipt.back")}
          </Link>
        </>
      )}
    </Page>
  );
}
