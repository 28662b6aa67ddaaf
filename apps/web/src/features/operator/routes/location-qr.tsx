import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { renderSVG } from "uqr";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { getHostConfig } from "../../../lib/host-config.ts";
import { locationQuery } from "../api/operator.ts";
import { useConsoleFormat } from "../lib/format.ts";
import "../styles/qr-print.css";

/**
 * /operador/ubicaciones/{uuid}/qr: the sign to print for a lot. The QR opens the location's QR
 * landing (`/loc/{uuid}`) on the host of the lot's country, which the API names (`landing_url`):
 * a US lot's sign must open the US host, whichever host the console runs on. It is drawn here
 * from that address, and on paper only the sheet is printed: the lot's name, the QR and the
 * address to type.
 */
export default function LocationQrScreen() {
  const { uuid = "" } = useParams();
  const { t } = useConsoleFormat();
  const location = useQuery(locationQuery(uuid));
  const url = location.data?.landing_url ?? "";
  const shortUrl = url.replace(/^https?:\/\//, "");
  const qr = useMemo(
    () => url && `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, { border: 2, ecc: "M" }))}`,
    [url],
  );
  return (
    <Page title={location.data ? t("qr.title", { name: location.data.name }) : t("qr.title_loading")}>
      {!location.data ? (
        <LoadingSection />
      ) : (
        <>
          <article className="qr-sheet" aria-labelledby="qr-sheet-name" data-testid="qr-sheet">
            <p className="qr-sheet-brand">{getHostConfig().brand.name}</p>
            <h2 id="qr-sheet-name" className="qr-sheet-name">
              {location.data.name}
            </h2>
            <p className="qr-sheet-call">{t("qr.scan")}</p>
            <img className="qr-sheet-code" src={qr} alt={t("qr.alt", { name: location.data.name })} />
            <p className="qr-sheet-url">{shortUrl}</p>
            <p className="qr-sheet-address">{location.data.address}</p>
          </article>
          <div className="form-actions qr-actions">
            <button type="button" className="button button-primary" onClick={() => window.print()}>
              {t("qr.print")}
            </button>
            <Link className="button button-secondary" to={pathTo("operatorLocation", { uuid })}>
              {t("qr.back")}
            </Link>
          </div>
        </>
      )}
    </Page>
  );
}
