import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { paymentReferenceQuery } from "../api/references.ts";
import { ReferenceDetails } from "../components/reference-details.tsx";
import "../../../lib/catalogues/home.ts";

/**
 * /referencia/{payment}: a reference to pay, where the gateway sends the driver back (docs/decisions/0330).
 * The API answers only its owner, so another driver's (or a mistyped) reference reads as not found.
 */
export default function ReferenceScreen() {
  const { uuid = "" } = useParams();
  const { t } = useTranslation("home");
  const reference = useQuery(paymentReferenceQuery(uuid));
  return (
    <Page title={t("reference_page_title")}>
      {reference.isError ? (
        <div className="notice">
          <p role="alert">{t("reference_not_found")}</p>
          <Link className="button button-secondary" to={pathTo("dashboard")}>
            {t("reference_go_home")}
          </Link>
        </div>
      ) : reference.isPending ? (
        <LoadingSection />
      ) : (
        <ReferenceDetails
          paymentUuid={uuid}
          timeZone={reference.data.time_zone ?? undefined}
          paidText={t("reference_paid")}
          note={() => t("reference_after")}
        />
      )}
    </Page>
  );
}
