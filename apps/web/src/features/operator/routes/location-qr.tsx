import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { showErrorDialog } from "../../../lib/error-dialog.ts";
import { getHostConfig } from "../../../lib/host-config.ts";
import { locationQuery } from "../api/operator.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { downloadSign, signSvg } from "../lib/sign-qr.ts";
import "../styles/qr-print.css";

/**
 * /operador/ubicaciones/{uuid}/qr: the sign to print for a lot or a meter zone (a zone is its
 * location). The QR carries the landing signed by the organisation (`signed_url`, docs/decisions/0287):
 * on the host of the place's country, which the API names, so a US lot's sign opens the US host
 * whichever host the console runs on, and the landing says "Verified: <operator>". Printed from
 * here (only the sheet goes on paper) or downloaded as SVG or PNG for a sign maker
 * (docs/decisions/0311). The plain address under it is short enough to type.
 */
export default function LocationQrScreen() {
  const { uuid = "" } = useParams();
  const { t } = useConsoleFormat();
  const location = useQuery(locationQuery(uuid));
  const data = location.data;
  const signedUrl = data?.signed_url ?? "";
  const shortUrl = (data?.landing_url ?? "").replace(/^https?:\/\//, "");
  const [qr, setQr] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!signedUrl) return;
    let current = true;
    void signSvg(signedUrl).then(
      (svg) => current && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
    );
    return () => {
      current = false;
    };
  }, [signedUrl]);

  const download = async (format: "svg" | "png") => {
    if (!data) return;
    setSaving(true);
    try {
      await downloadSign(data.signed_url, data.name, format);
    } catch {
      showErrorDialog(t("qr.download_failed"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title={data ? t("qr.title", { name: data.name }) : t("qr.title_loading")}>
      {!data || !qr ? (
        <LoadingSection />
      ) : (
        <>
          <article className="qr-sheet" aria-labelledby="qr-sheet-name" data-testid="qr-sheet">
            <p className="qr-sheet-brand">{getHostConfig().brand.name}</p>
            <h2 id="qr-sheet-name" className="qr-sheet-name">
              {data.name}
            </h2>
            <p className="qr-sheet-call">{t("qr.scan")}</p>
            <img className="qr-sheet-code" src={qr} alt={t("qr.alt", { name: data.name })} />
            <p className="qr-sheet-url">{shortUrl}</p>
            <p className="qr-sheet-address">{data.address}</p>
          </article>
          <p className="muted qr-actions">{t("qr.signed_note")}</p>
          <div className="form-actions qr-actions">
            <button type="button" className="button button-primary" onClick={() => window.print()}>
              {t("qr.print")}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={saving}
              onClick={() => void download("svg")}
            >
              {t("qr.download_svg")}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={saving}
              onClick={() => void download("png")}
            >
              {t("qr.download_png")}
            </button>
            <Link
              className="button button-secondary"
              to={data.kind === "meter" ? pathTo("operatorMeterZone", { uuid }) : pathTo("operatorLocation", { uuid })}
            >
              {data.kind === "meter" ? t("qr.back_zone") : t("qr.back")}
            </Link>
          </div>
        </>
      )}
    </Page>
  );
}
