import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { paths, pathTo } from "../../../config/paths.ts";
import { claimTicket, ticketQuery } from "../api/valet.ts";
import "../../../lib/catalogues/parking.ts";
import "../../../lib/catalogues/valet.ts";

/**
 * /valet/{token}: the link in the SMS or the ticket's QR. Signed in (the guard saw to it), the
 * ticket becomes the driver's and the ticket screen takes over; a refusal (another account's
 * ticket) is shown by the API client's error dialog.
 */
export default function ValetClaimScreen() {
  const { token = "" } = useParams();
  const { t } = useTranslation(["valet", "parking"]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Once per visit of the link, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    claimTicket(token)
      .then((ticket) => {
        queryClient.setQueryData(ticketQuery(ticket.uuid).queryKey, ticket);
        navigate(pathTo("valetTicket", { uuid: ticket.uuid }), { replace: true });
      })
      .catch(() => setFailed(true));
  }, [token, navigate, queryClient]);

  return (
    <Page title={t("title")}>
      {failed ? (
        <Link className="button button-secondary" to={paths.dashboard.path}>
          {t("parking:checkout.back_home")}
        </Link>
      ) : (
        <>
          <p role="status">{t("claiming")}</p>
          <LoadingSection />
        </>
      )}
    </Page>
  );
}
